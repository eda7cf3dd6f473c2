#pragma once

#include <QString>
#include <QtGlobal>

namespace ades::eu {

// What decoding one PDF may cost: every byte any filter of any stream produces — the cross-reference and
// object streams qpdf reads while it parses, the XMP packet, the invoice — is charged to the budget of the
// thread, so a filter chain or a stream qpdf reads on its own cannot inflate beyond it. The stream filters
// (PdfStreamFilter) charge it and record refused decode parameters here, because qpdf only learns that a
// stream "cannot be filtered", not why. One budget per thread at a time, alive while its PDF is read.
class PdfDecodeBudget
{
public:
    explicit PdfDecodeBudget(qint64 maxDecodedBytes);
    ~PdfDecodeBudget();
    Q_DISABLE_COPY_MOVE(PdfDecodeBudget)

    // This thread's budget, or null when none is active (then PdfStreamFilter caps each stream on its own).
    static PdfDecodeBudget *current();

    // Names the stream being decoded for the messages, e.g. "the embedded invoice factur-x.xml".
    void setStream(const QString &description);
    // Charges decoded bytes; throws std::length_error once the budget is exceeded.
    void spend(size_t bytes);
    // Records why a filter refused its /DecodeParms; the first reason is kept.
    void refuse(const QString &reason);

    qint64 maxDecodedBytes() const { return m_max; }
    bool exceeded() const { return m_exceeded; }
    // The stream that was being decoded when the budget ran out.
    QString exceededStream() const { return m_exceededStream; }
    bool refused() const { return !m_refusal.isEmpty(); }
    // "in the embedded invoice factur-x.xml, the /FlateDecode /DecodeParms has ..."
    QString refusal() const { return m_refusal; }

private:
    PdfDecodeBudget *m_outer;
    qint64 m_max;
    qint64 m_spent = 0;
    bool m_exceeded = false;
    QString m_stream;
    QString m_exceededStream;
    QString m_refusal;
};

} // namespace ades::eu
