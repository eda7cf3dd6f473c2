#include "QrCode.h"

#include "PngEncoder.h"
#include "QrMasking.h"

#include <algorithm>
#include <qrencode.h>

namespace ades::market {

// Exported by libqrencode 4 and listed in Debian's symbols file for it since 3.2.0, but not declared in
// qrencode.h: the encoder with the mask given, which skips libqrencode's own evaluation of all eight masks
// (QrMasking chooses instead, by the rule of ISO/IEC 18004 §7.8, in about a fifth of the instructions).
extern "C" QRcode *QRcode_encodeMask(QRinput *input, int mask);

std::optional<QrCode> QrCode::encode(const QByteArray &text)
{
    QRinput *input = QRinput_new2(0, QR_ECLEVEL_M);
    if (!input)
        return std::nullopt;
    QRcode *symbol = nullptr;
    if (QRinput_append(
            input, QR_MODE_8, int(text.size()), reinterpret_cast<const unsigned char *>(text.constData()))
        == 0)
        symbol = QRcode_encodeMask(input, 0);
    QRinput_free(input);
    if (!symbol)
        return std::nullopt;
    const int width = symbol->width;
    QByteArray modules(qsizetype(width) * width, 0);
    QByteArray function(modules.size(), 0);
    // libqrencode: bit 0 of each byte is the module's colour (1 = dark); bit 7 marks a module that is not
    // data or error correction (finder, timing, alignment, format and version information).
    for (qsizetype i = 0; i < modules.size(); ++i) {
        modules[i] = char(symbol->data[i] & 1);
        function[i] = char((symbol->data[i] >> 7) & 1);
    }
    QrCode code;
    code.m_version = symbol->version;
    code.m_width = width;
    QRcode_free(symbol);
    QrMasking::Choice choice = QrMasking::best(modules, function, width, 0, ErrorCorrection);
    code.m_mask = choice.mask;
    code.m_modules = std::move(choice.modules);
    return code;
}

bool QrCode::isDark(int x, int y) const
{
    return x >= 0 && y >= 0 && x < m_width && y < m_width && m_modules[qsizetype(y) * m_width + x] != 0;
}

QByteArray QrCode::png() const
{
    // Eight pixels a module: each module is one byte of a bilevel row (0x00 dark, 0xff light).
    static_assert(PixelsPerModule == 8, "QrCode::png draws one byte a module");
    const int sideModules = m_width + 2 * QuietZoneModules;
    const int side = sideModules * PixelsPerModule;
    const int rowBytes = PngEncoder::bilevelRowBytes(side);
    QByteArray rows(qsizetype(rowBytes) * side, char(0xff)); // white, the quiet zone included
    for (int y = 0; y < m_width; ++y) {
        // One module row drawn once, then copied to the module's other pixel rows.
        char *first = rows.data() + qsizetype((y + QuietZoneModules) * PixelsPerModule) * rowBytes;
        const char *modules = m_modules.constData() + qsizetype(y) * m_width;
        for (int x = 0; x < m_width; ++x)
            first[x + QuietZoneModules] = modules[x] ? char(0x00) : char(0xff);
        for (int row = 1; row < PixelsPerModule; ++row)
            std::copy_n(first, rowBytes, first + qsizetype(row) * rowBytes);
    }
    return PngEncoder::bilevel(side, side, rows);
}

} // namespace ades::market
