// The size limits of one read (ReadLimits), spent tensor by tensor before any allocation, and the
// "file: tensor "name": " prefix every message of the readers starts with.
#pragma once

#include "ui/io/tensorfile.h"

#include <QString>

#include <vector>

namespace attn::io {

/// "model.safetensors: tensor \"Q\": ", or "Q.npy: " when the tensor is the whole file
/// (`tensorName` null). Both names pass through printable().
QString where(const QString &fileName, const QString &tensorName);

/// `text` with control characters written as escapes ("\n", "\u0007"), so that a name read from
/// a file keeps a message on one line.
QString printable(const QString &text);

class ReadBudget {
public:
    ReadBudget(const ReadLimits &limits, QString fileName);

    const ReadLimits &limits() const { return m_limits; }

    /// The element count of `shape`, checked: at most 32 dimensions, no product overflow, at most
    /// limits().maxTensorElements. `prefix` starts the message (see where()); `typeText` describes
    /// the elements ("float32"). Throws TensorFileError.
    qint64 checkedCount(const std::vector<qint64> &shape, const QString &prefix) const;

    /// Spends `count` elements (8 bytes each as doubles) and one tensor of the file's budget, or
    /// throws TensorFileError naming the tensor, the total so far and the limit.
    void spend(qint64 count, const QString &prefix);

private:
    ReadLimits m_limits;
    QString m_fileName;
    qint64 m_elements = 0;
    int m_tensors = 0;
};

} // namespace attn::io
