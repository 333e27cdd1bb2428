#include "ui/base/savefile.h"

#include <QCoreApplication>
#include <QSaveFile>

namespace attn::ui {

bool saveFileAtomically(const QString &path, const QByteArray &bytes, QString *reason)
{
    QSaveFile file(path);
    // Unbuffered: every write reaches the file at once, so a short write is seen here. Buffered,
    // the last block is written inside commit(), which does not notice a failed final flush.
    const bool ok = file.open(QIODevice::WriteOnly | QIODevice::Unbuffered) &&
                    file.write(bytes) == bytes.size() && file.commit();
    if (ok) return true;
    const QString text = file.error() == QFileDevice::NoError || file.errorString().isEmpty()
                             ? QCoreApplication::translate("attn::ui::saveFileAtomically", "the disk is full")
                             : file.errorString();
    file.cancelWriting();
    if (reason) *reason = text;
    return false;
}

} // namespace attn::ui
