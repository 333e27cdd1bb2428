// The words of this machine's CPU model name ("Intel(R) Xeon(R) Processor", "AMD EPYC 7B13"):
// the measuring views print that name as the system gives it, so the tests that look for
// English left in Chinese figures accept its words on whatever machine runs them.
#pragma once

#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QString>

namespace attn::test {

/// Every run of Latin letters in the "model name" line of /proc/cpuinfo; empty elsewhere.
inline QSet<QString> cpuModelWords()
{
    QSet<QString> words;
    QFile cpuinfo(QStringLiteral("/proc/cpuinfo"));
    if (!cpuinfo.open(QIODevice::ReadOnly | QIODevice::Text)) return words;
    static const QRegularExpression letters(QStringLiteral("[A-Za-z_]+"));
    // readAll, not atEnd/readLine: /proc files report a size of 0.
    const QStringList lines = QString::fromUtf8(cpuinfo.readAll()).split(u'\n');
    for (const QString &line : lines) {
        if (!line.startsWith(QLatin1String("model name"))) continue;
        const QString name = line.section(u':', 1).trimmed();
        for (auto m = letters.globalMatch(name); m.hasNext();) words.insert(m.next().captured(0));
        break;
    }
    return words;
}

} // namespace attn::test
