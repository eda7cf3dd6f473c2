#include "ExtractOperation.h"

#include "DocumentExtraction.h"
#include "ExtractLimits.h"
#include "ImageDecoder.h"
#include "OcrEngine.h"
#include "area/AreaContext.h"
#include "catalog/ArgumentDecoder.h"
#include "catalog/Catalog.h"
#include "catalog/JsonStringBytes.h"
#include "core/Settings.h"
#include "core/ThreadContext.h"

#include <QPointer>
#include <QThreadPool>

using namespace Qt::StringLiterals;

namespace ades::extract {

namespace {

Handler makeExtractHandler(const ExtractLimits &limits)
{
    return [limits](const QJsonObject &args, const CallContext &, Completion done) {
        const std::optional<QByteArray> bytes = ArgumentDecoder::decodeBinary(args, u"file"_s);
        if (!bytes)
            return done(ServiceError::badRequest(u"invalid_base64"_s,
                u"The file is not valid base64 (standard alphabet, with padding)."_s, u"file"_s));
        const QString filename = args.value(u"filename"_s).toString();
        // OCR takes hundreds of milliseconds to seconds: always on the OCR pool, never the event loop;
        // the answer comes back to the calling thread.
        QPointer<QObject> caller = threadContext();
        OcrEngine::pool().start([caller, done, bytes = *bytes, filename, limits]() {
            Result<QJsonObject> extracted = DocumentExtraction::run(bytes, filename, limits);
            if (!caller)
                return;
            QMetaObject::invokeMethod(
                caller.data(),
                [done, extracted]() {
                    if (!extracted.ok())
                        return done(extracted.error());
                    done(OperationResult { extracted.value(),
                        u"sha256:"_s + extracted.value().value(u"document_sha256"_s).toString() });
                },
                Qt::QueuedConnection);
        });
    };
}

// Before any payment: a body that is empty or neither an image nor a PDF by its first bytes is refused as an
// uncharged 400 naming `file`, never answered with a payment request. Only the start is decoded (1368
// base64 characters are 1026 bytes, past the 1024 bytes a PDF header may sit in); invalid base64 further on
// is the handler's to refuse.
std::optional<ServiceError> checkExtractInput(const QJsonObject &args)
{
    std::optional<QByteArray> text = JsonStringBytes::of(args, u"file"_s);
    if (!text)
        return std::nullopt; // the schema names a missing or non-string `file`
    if (text->isEmpty())
        return ServiceError::badRequest(u"empty_file"_s, u"The file is empty."_s, u"file"_s);
    QByteArray::FromBase64Result start
        = QByteArray::fromBase64Encoding(text->left(1368), QByteArray::AbortOnBase64DecodingErrors);
    if (!start)
        return ServiceError::badRequest(u"invalid_base64"_s,
            u"The file is not valid base64 (standard alphabet, with padding)."_s, u"file"_s);
    if (sniffDocument(start.decoded) == DocumentKind::Unknown)
        return ServiceError::badRequest(
            u"file_unsupported"_s, u"The file is no JPEG, PNG, WebP or TIFF image and no PDF."_s, u"file"_s);
    return std::nullopt;
}

} // namespace

void registerExtractOperation(Catalog &catalog, const AreaContext &context)
{
    const ExtractLimits limits = ExtractLimits::fromSettings(context.settings);
    OcrEngine::setThreads(context.settings.get(ExtractSettings::Threads));
    // docs/interface.md §4.1, §4.5: the document is the raw body or multipart field `file` on x402, base64
    // `file` for MCP and the CLI; 0.05 USDC.
    const QHash<QString, QString> fileBody { { u"$body"_s, u"file"_s }, { u"$filename"_s, u"filename"_s } };
    catalog.add({
        .id = u"extract.document"_s,
        .title = u"Receipt and invoice extraction (OCR)"_s,
        .summary
        = u"Reads a receipt or invoice photo (JPEG, PNG, WebP, TIFF) or PDF and returns vendor, vendor "
          "VAT ID, date, currency, total, VAT breakdown and line items, each with a confidence, and "
          "the text read; scans through Tesseract OCR, PDFs through their text layer, e-invoice PDFs "
          "from their embedded XML."_s,
        .area = u"extract"_s,
        .outputContract = u"extract-document/1"_s,
        .inputSchema = Catalog::loadSchema(u":/schemas/extract/extract.document.in.json"_s),
        .outputSchema = Catalog::loadSchema(u":/schemas/extract/extract.document.out.json"_s),
        .exposures
        = { Exposure::x402(u"/x402/extract"_s, Usdc::atomicUnits(50'000)).post().renaming(fileBody),
            Exposure::mcp(u"extract_document"_s, Usdc::atomicUnits(50'000))
                .defaulting(u"filename"_s, u"document"_s),
            Exposure::cli(u"extract.document"_s) },
        .handler = makeExtractHandler(limits),
        .check = &checkExtractInput,
    });
}

} // namespace ades::extract
