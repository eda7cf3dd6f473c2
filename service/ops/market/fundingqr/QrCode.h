#pragma once

#include <QByteArray>
#include <QString>
#include <optional>

namespace ades::market {

// A QR code made here with libqrencode (Debian libqrencode-dev), never by a web service: the link it holds
// carries a wallet address and a session token. Byte mode, error correction level M (15 % of the symbol
// may be damaged), the smallest version that fits, the data mask of lowest penalty (QrMasking). Pure and
// thread-safe (libqrencode is built with pthreads on Debian).
class QrCode
{
public:
    static constexpr int QuietZoneModules = 4; // ISO/IEC 18004 §9.1
    static constexpr int PixelsPerModule = 8;
    static constexpr char ErrorCorrection = 'M';

    // nullopt when the text does not fit a version-40 symbol.
    static std::optional<QrCode> encode(const QByteArray &text);

    int version() const { return m_version; }
    int modules() const { return m_width; } // per side
    bool isDark(int x, int y) const;
    char errorCorrection() const { return ErrorCorrection; }
    int mask() const { return m_mask; } // ISO/IEC 18004 data mask 0–7, chosen by QrMasking

    // The symbol with its quiet zone as a black-and-white PNG, PixelsPerModule pixels per module.
    QByteArray png() const;

private:
    int m_version = 0;
    int m_width = 0;
    int m_mask = 0;
    QByteArray m_modules; // row-major, 1 = dark
};

} // namespace ades::market
