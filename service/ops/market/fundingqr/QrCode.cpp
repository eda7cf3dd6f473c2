#include "QrCode.h"

#include "PngEncoder.h"

#include <algorithm>
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
