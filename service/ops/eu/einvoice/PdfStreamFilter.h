#pragma once

#include "PdfDecodeParameters.h"

#include <memory>
#include <qpdf/QPDFStreamFilter.hh>
#include <vector>

namespace ades::eu {

// ADES's decoders for the three filters whose output can grow (/FlateDecode, /LZWDecode, /RunLengthDecode),
// registered in place of qpdf's for the whole process (QPDF::registerStreamFilter, qpdf 10.1+). qpdf 11.3
// sizes predictor rows from /Columns as given and inflates cross-reference and object streams into memory
// without a limit while it parses, before any of our code sees the document. With these filters every stream
// qpdf decodes is bounded: /DecodeParms are checked before a decoder exists (PdfDecodeParameters, refused
// ones recorded in the thread's PdfDecodeBudget), and every decoded byte is charged to that budget. The
// remaining built-in decoders (/ASCIIHexDecode, /ASCII85Decode) shrink their input, and /DCTDecode is never
// asked for. Flate is zlib through qpdf's Pl_Flate; LZW and the predictors are PdfLzwDecoder and
// PdfPredictor.
class PdfStreamFilter final : public QPDFStreamFilter
{
public:
    enum class Kind
    {
        Flate,
        Lzw,
        RunLength,
    };

    // Without a PdfDecodeBudget on the thread a stream may decode to this much.
    static constexpr qint64 UnbudgetedMaxBytes = 32 * 1024 * 1024;

    explicit PdfStreamFilter(Kind kind);
    ~PdfStreamFilter() override;

    bool setDecodeParms(QPDFObjectHandle decodeParms) override;
    Pipeline *getDecodePipeline(Pipeline *next) override;
    // As qpdf classifies its own: run-length is "specialized", decoded only from qpdf_dl_specialized on.
    bool isSpecializedCompression() override;

    // Registers the three filters, once per process and thread-safely; call before the first QPDF is used.
    static void install();

private:
    Kind m_kind;
    PdfDecodeParameters m_parameters;
    std::vector<std::unique_ptr<Pipeline>> m_pipelines; // owned, as QPDFStreamFilter requires
};

} // namespace ades::eu
