#include "ExtractLimits.h"

#include "core/Settings.h"

using namespace Qt::StringLiterals;

namespace ades::extract {

namespace ExtractSettings {

const IntSetting MaxBytes = intSetting(u"extract/max_bytes"_s, 20 * 1024 * 1024, 1024, 256 * 1024 * 1024,
    u"largest document accepted by extract.document, in bytes (also bounded by http/max_upload_bytes)"_s);
const IntSetting MaxPixels = intSetting(u"extract/max_pixels"_s, 40'000'000, 10'000, 400'000'000,
    u"largest decoded image or rendered PDF page, in pixels; larger images are refused before decoding"_s);
const IntSetting MaxPages = intSetting(
    u"extract/max_pages"_s, 20, 1, 1000, u"PDF pages read; a longer PDF is refused with 400 naming file"_s);
const IntSetting MaxOcrPages = intSetting(u"extract/max_ocr_pages"_s, 5, 0, 100,
    u"image-only PDF pages rendered and read by OCR; further image-only pages are left out and named"_s);
const IntSetting TimeoutMs = intSetting(u"extract/timeout_ms"_s, 60'000, 1000, 600'000,
    u"OCR time for one document; OCR that runs longer is cut off and the result says so"_s);
const IntSetting Threads = intSetting(u"extract/threads"_s, 2, 1, 64,
    u"OCR worker threads, each with its own Tesseract engine kept between documents"_s);
const TextSetting Languages = textSetting(u"extract/languages"_s, u"eng+deu"_s,
    u"Tesseract languages, joined with + (Debian tesseract-ocr-LANG packages)"_s);

SettingSpecs all()
{
    return { MaxBytes.spec, MaxPixels.spec, MaxPages.spec, MaxOcrPages.spec, TimeoutMs.spec, Threads.spec,
        Languages.spec };
}

} // namespace ExtractSettings

ExtractLimits ExtractLimits::fromSettings(const Settings &settings)
{
    ExtractLimits limits;
    limits.maxBytes = settings.get(ExtractSettings::MaxBytes);
    limits.maxPixels = settings.get(ExtractSettings::MaxPixels);
    limits.maxPages = settings.get(ExtractSettings::MaxPages);
    limits.maxOcrPages = settings.get(ExtractSettings::MaxOcrPages);
    limits.timeoutMs = settings.get(ExtractSettings::TimeoutMs);
    limits.languages = settings.get(ExtractSettings::Languages);
    return limits;
}

} // namespace ades::extract
