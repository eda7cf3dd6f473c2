#pragma once

#include "core/SettingSpec.h"

namespace ades {
class Settings;
}

namespace ades::extract {

// The bounds every document is read within (docs/extract.md, "Limits"): a hostile upload costs at most
// this much memory and time, and anything beyond is refused as a 400 naming `file`.
struct ExtractLimits
{
    qint64 maxBytes = 20 * 1024 * 1024;
    qint64 maxPixels = 40'000'000; // decoded image or rendered page; a decompression bomb stops here
    int maxPages = 20; // PDF pages read (text layer or OCR)
    int maxOcrPages = 5; // image-only PDF pages sent to OCR
    int timeoutMs = 60'000; // OCR time over the whole document
    QString languages = QStringLiteral("eng+deu");

    static ExtractLimits fromSettings(const Settings &settings);
};

namespace ExtractSettings {
extern const IntSetting MaxBytes;
extern const IntSetting MaxPixels;
extern const IntSetting MaxPages;
extern const IntSetting MaxOcrPages;
extern const IntSetting TimeoutMs;
extern const IntSetting Threads;
extern const TextSetting Languages;
SettingSpecs all();
} // namespace ExtractSettings

} // namespace ades::extract
