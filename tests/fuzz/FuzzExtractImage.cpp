// Fuzz target: the image front end of extract.document — format sniffing, decoding (QImageReader for
// JPEG/PNG, Leptonica for TIFF/WebP) within a small pixel budget, and the preprocessing (text height from
// connected components and the scaling it gives, Otsu threshold, projection-profile deskew, the Sauvola
// page of a second reading) of whatever decodes. OCR is left out: it reads any pixels, and a fuzzer run
// through Tesseract would measure Tesseract. A crash, a hang or an allocation beyond the budget is what
// it looks for.
//
// Seeds (seeds/ExtractImage/): tiny PNG, JPEG, TIFF and WebP images, and a PNG whose header claims
// 100000 × 100000 pixels.

#include "ops/extract/ImageDecoder.h"
#include "ops/extract/OcrPreprocessor.h"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace ades::extract;
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    // A budget small enough that fuzzing stays fast; the check is the same at any budget.
    const ades::Result<QImage> image = ImageDecoder::decode(bytes, 1'000'000);
    if (image.ok()) {
        const OcrPreprocessor::Prepared p = OcrPreprocessor::prepare(image.value());
        (void)OcrPreprocessor::imageFor(p.levelled, OcrOptions::Image::Sauvola, p.textHeight);
    }
    return 0;
}
