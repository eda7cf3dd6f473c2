#include "QrCode.h"

#include "PngEncoder.h"

#include <qrencode.h>

namespace ades::market {

std::optional<QrCode> QrCode::encode(const QByteArray &text)
{
    QRcode *symbol = QRcode_encodeData(
        int(text.size()), reinterpret_cast<const unsigned char *>(text.constData()), 0, QR_ECLEVEL_M);
    if (!symbol)
        return std::nullopt;
    QrCode code;
    code.m_version = symbol->version;
    code.m_width = symbol->width;
    code.m_modules.resize(qsizetype(symbol->width) * symbol->width);
    // libqrencode: bit 0 of each byte is the module's colour (1 = dark); the other bits describe its role.
    for (qsizetype i = 0; i < code.m_modules.size(); ++i)
        code.m_modules[i] = char(symbol->data[i] & 1);
    QRcode_free(symbol);
    return code;
}

bool QrCode::isDark(int x, int y) const
{
    return x >= 0 && y >= 0 && x < m_width && y < m_width && m_modules[qsizetype(y) * m_width + x] != 0;
}

QByteArray QrCode::png() const
{
    const int side = (m_width + 2 * QuietZoneModules) * PixelsPerModule;
    QByteArray pixels(qsizetype(side) * side, char(0xff));
    for (int y = 0; y < m_width; ++y) {
        for (int x = 0; x < m_width; ++x) {
            if (!isDark(x, y))
                continue;
            const int left = (x + QuietZoneModules) * PixelsPerModule;
            const int top = (y + QuietZoneModules) * PixelsPerModule;
            for (int row = top; row < top + PixelsPerModule; ++row)
                std::fill_n(pixels.data() + qsizetype(row) * side + left, PixelsPerModule, '\0');
        }
    }
    return PngEncoder::grayscale(side, side, pixels);
}

} // namespace ades::market
