#pragma once

#include "ExtractLimits.h"
#include "core/Result.h"

#include <QByteArray>
#include <QJsonObject>

namespace ades::extract {

// extract.document for one file: sniff the bytes, read them (image → preprocessing → OCR; PDF → embedded
// e-invoice XML, text layer, OCR of image-only pages), find the fields, build the result. Synchronous and
// CPU-heavy: the handler runs it on OcrEngine::pool(), `ades extract` directly.
class DocumentExtraction
{
public:
    static Result<QJsonObject> run(
        const QByteArray &bytes, const QString &filename, const ExtractLimits &limits);
};

} // namespace ades::extract
