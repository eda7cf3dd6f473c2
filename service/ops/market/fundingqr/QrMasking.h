#pragma once

#include <QByteArray>
#include <QtGlobal>

namespace ades::market {

// The data mask of a QR code symbol, chosen as ISO/IEC 18004:2015 §7.8 asks: each of the eight masks is
// applied, each result is scored by the four penalty features of §7.8.3, and the lowest score wins (the
// lower mask number on a tie). libqrencode does the same inside QRcode_encodeData, but that evaluation was
// two thirds of a funding-QR answer (docs/benchmarks.md); here each row and column is a few 64-bit words and
// the features are counted a word at a time.
//
// Modules are row-major, one byte each, 1 = dark. `function` marks the modules no mask touches (finder,
// separator, timing, alignment, format and version information); the format information is rewritten for
// the chosen mask.
class QrMasking
{
public:
    // §7.8.2, Table 10: whether `mask` (0–7) inverts the module at `row`, `column`.
    static bool inverts(int mask, int row, int column);
    // §7.9.1: the 15 format information bits for error correction `level` ('L', 'M', 'Q', 'H') and `mask`,
    // BCH (15,5) protected and XORed with 101010000010010.
    static quint16 formatInformation(char level, int mask);
    // §7.8.3, Table 11: N1 runs of five or more, N2 2×2 blocks, N3 1:1:3:1:1 finder-like patterns beside
    // four light modules (the quiet zone counts as light), N4 the dark share's distance from half. -1 for a
    // width beyond version 40's 177 modules.
    static int penalty(const QByteArray &modules, int width);
    // Features 1 and 3 along one row or column, one byte a module.
    static int linePenalty(const QByteArray &line);

    // The symbol under `toMask`, from `modules` as masked with `fromMask`, its format information rewritten
    // (a symbol wider than 177 modules is returned as it came).
    static QByteArray remasked(const QByteArray &modules, const QByteArray &function, int width, int fromMask,
        int toMask, char level);

    struct Choice
    {
        int mask = 0;
        QByteArray modules;
    };
    // The symbol under each mask, from `modules` as masked with `appliedMask`; the one of lowest penalty.
    // Symbols wider than version 40's 177 modules do not exist; one is returned as it came.
    static Choice best(
        const QByteArray &modules, const QByteArray &function, int width, int appliedMask, char level);
};

} // namespace ades::market
