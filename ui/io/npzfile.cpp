#include "ui/io/npzfile.h"
#include "ui/io/bytesource.h"
#include "ui/io/npyfile.h"
#include "ui/io/readbudget.h"

#include <QSet>

#include <zip.h>

namespace attn::io {

namespace {

/// Owns an open archive (discarded, never written back) and the member being read.
struct ZipHandles {
    zip_t *archive = nullptr;
    zip_file_t *member = nullptr;
    ~ZipHandles()
    {
        if (member) zip_fclose(member);
        if (archive) zip_discard(archive);
    }
};

QString zipErrorText(zip_error_t *error)
{
    const QString text = QString::fromUtf8(zip_error_strerror(error));
    zip_error_fini(error);
    return text;
}

} // namespace

void readNpz(const ByteSource &source, ReadBudget &budget, TensorFile &file)
{
    const QString prefix = where(source.fileName(), QString());
    auto fail = [&](const QString &clause) { throw TensorFileError(prefix + clause); };
    const QByteArray bytes = source.read(0, source.size(), QStringLiteral("the archive"));

    ZipHandles zip;
    zip_error_t error;
    zip_error_init(&error);
    zip_source_t *buffer = zip_source_buffer_create(bytes.constData(), zip_uint64_t(bytes.size()), 0, &error);
    if (!buffer) fail(QStringLiteral("cannot open the archive: %1").arg(zipErrorText(&error)));
    zip.archive = zip_open_from_source(buffer, ZIP_RDONLY | ZIP_CHECKCONS, &error);
    if (!zip.archive) {
        zip_source_free(buffer);
        // libzip refuses a name given twice while opening, as "file already exists".
        if (zip_error_code_zip(&error) == ZIP_ER_EXISTS) {
            zip_error_fini(&error);
            fail(QStringLiteral("the archive holds two members of the same name (a tensor given twice)"));
        }
        fail(QStringLiteral("not a readable zip archive (an .npz is one): %1").arg(zipErrorText(&error)));
    }
    zip_error_fini(&error);

    const zip_int64_t count = zip_get_num_entries(zip.archive, 0);
    if (count > budget.limits().maxTensors)
        fail(QStringLiteral("the archive has %1 members, more than the %2 tensors a file may hold")
                 .arg(QString::number(count), QString::number(budget.limits().maxTensors)));
    const qint64 maxExpanded = budget.limits().maxFileBytes;
    qint64 expanded = 0;
    QSet<QString> names;
    for (zip_int64_t i = 0; i < count; ++i) {
        zip_stat_t status;
        zip_stat_init(&status);
        if (zip_stat_index(zip.archive, zip_uint64_t(i), 0, &status) != 0 || !(status.valid & ZIP_STAT_NAME))
            fail(QStringLiteral("member %1 cannot be read: %2")
                     .arg(QString::number(i), QString::fromUtf8(zip_strerror(zip.archive))));
        const QString memberName = QString::fromUtf8(status.name);
        const QString memberPrefix =
            QStringLiteral("%1: member \"%2\": ").arg(printable(source.fileName()), printable(memberName));
        auto refuse = [&](const QString &clause) { throw TensorFileError(memberPrefix + clause); };
        if (!memberName.endsWith(QLatin1String(".npy")) || memberName.size() == 4)
            refuse(QStringLiteral("is not a .npy array (an .npz holds only NAME.npy members)"));
        const QString tensorName = memberName.chopped(4);
        if (names.contains(tensorName)) refuse(QStringLiteral("is given twice in the archive"));
        names.insert(tensorName);
        if ((status.valid & ZIP_STAT_ENCRYPTION_METHOD) && status.encryption_method != ZIP_EM_NONE)
            refuse(QStringLiteral("is encrypted"));
        if (!(status.valid & ZIP_STAT_COMP_METHOD) ||
            (status.comp_method != ZIP_CM_STORE && status.comp_method != ZIP_CM_DEFLATE))
            refuse(QStringLiteral(
                       "is compressed with zip method %1; only stored (0) and deflated (8) members are read")
                       .arg(QString::number(status.comp_method)));
        if (!(status.valid & ZIP_STAT_SIZE)) refuse(QStringLiteral("has no size in the archive's directory"));
        if (status.size > zip_uint64_t(maxExpanded - expanded))
            refuse(QStringLiteral(
                       "expands to %1 bytes after %2 bytes of the members before it; an .npz may expand "
                       "to at most %3 bytes")
                       .arg(QString::number(status.size), QString::number(expanded),
                            QString::number(maxExpanded)));
        const qint64 size = qint64(status.size);
        expanded += size;

        zip.member = zip_fopen_index(zip.archive, zip_uint64_t(i), 0);
        if (!zip.member)
            refuse(QStringLiteral("cannot be opened: %1").arg(QString::fromUtf8(zip_strerror(zip.archive))));
        QByteArray member(size, Qt::Uninitialized);
        qint64 done = 0;
        while (done < size) {
            const zip_int64_t got = zip_fread(zip.member, member.data() + done, zip_uint64_t(size - done));
            if (got < 0)
                refuse(QStringLiteral("cannot be expanded: %1")
                           .arg(QString::fromUtf8(zip_file_strerror(zip.member))));
            if (got == 0) break;
            done += got;
        }
        if (done < size)
            refuse(QStringLiteral("expands to %1 bytes, not the %2 its directory says")
                       .arg(QString::number(done), QString::number(size)));
        char extra = 0;
        const zip_int64_t more = zip_fread(zip.member, &extra, 1);
        if (more > 0)
            refuse(QStringLiteral("expands to more than the %1 bytes its directory says")
                       .arg(QString::number(size)));
        if (more < 0)
            refuse(QStringLiteral("cannot be expanded: %1")
                       .arg(QString::fromUtf8(zip_file_strerror(zip.member))));
        zip_fclose(zip.member);
        zip.member = nullptr;

        const ByteSource memberSource(member, source.fileName());
        readNpy(memberSource, tensorName, where(source.fileName(), tensorName), budget, file);
    }
}

} // namespace attn::io
