// The data mask of a QR code (ops/market/fundingqr/QrMasking) against ISO/IEC 18004:2015: the format
// information bits of Annex C's worked example and of the standard's table, each of the eight masked symbols
// module for module against libqrencode's own encoder given that mask, each penalty feature on lines and
// symbols counted by hand, and the choice being the lowest penalty of the eight.

#include "ops/market/fundingqr/QrCode.h"
#include "ops/market/fundingqr/QrMasking.h"

#include <QRandomGenerator>
#include <QTest>
#include <cstdlib>
#include <qrencode.h>

using namespace Qt::StringLiterals;
using namespace ades::market;

// Exported by libqrencode and in Debian's symbols file, not in qrencode.h (see QrCode.cpp).
extern "C" QRcode *QRcode_encodeMask(QRinput *input, int mask);

namespace {

struct Symbol
{
    int width = 0;
    QByteArray modules;
    QByteArray function;
};

Symbol libqrencodeSymbol(const QByteArray &text, int mask)
{
    QRinput *input = QRinput_new2(0, QR_ECLEVEL_M);
    QRinput_append(
        input, QR_MODE_8, int(text.size()), reinterpret_cast<const unsigned char *>(text.constData()));
    QRcode *code = QRcode_encodeMask(input, mask);
    QRinput_free(input);
    Symbol symbol;
    if (!code)
        return symbol;
    symbol.width = code->width;
    for (int i = 0; i < code->width * code->width; ++i) {
        symbol.modules.append(char(code->data[i] & 1));
        symbol.function.append(char((code->data[i] >> 7) & 1));
    }
    QRcode_free(code);
    return symbol;
}

int linePenalty(const QByteArray &line)
{
    QByteArray modules;
    for (const char c : line)
        modules.append(c == '1' ? char(1) : char(0));
    return QrMasking::linePenalty(modules);
}

// The four features counted module by module, the plain way: the oracle for the word-at-a-time counting.
int referencePenalty(const QByteArray &m, int width)
{
    const auto at = [&](int row, int column) { return m[qsizetype(row) * width + column]; };
    // Outside the symbol is the light quiet zone.
    const auto darkAt = [&](bool rows, int line, int i) {
        if (i < 0 || i >= width)
            return 0;
        return int(rows ? at(line, i) : at(i, line));
    };
    int penalty = 0;
    for (const bool rows : { true, false }) {
        for (int line = 0; line < width; ++line) {
            int run = 1;
            for (int i = 1; i <= width; ++i) {
                if (i < width && darkAt(rows, line, i) == darkAt(rows, line, i - 1)) {
                    ++run;
                    continue;
                }
                if (run >= 5)
                    penalty += 3 + run - 5;
                run = 1;
            }
            for (int start = 0; start + 7 <= width; ++start) {
                static const int core[] = { 1, 0, 1, 1, 1, 0, 1 };
                bool matches = true;
                for (int k = 0; k < 7; ++k)
                    matches = matches && darkAt(rows, line, start + k) == core[k];
                bool lightBefore = true;
                bool lightAfter = true;
                for (int k = 1; k <= 4; ++k) {
                    lightBefore = lightBefore && darkAt(rows, line, start - k) == 0;
                    lightAfter = lightAfter && darkAt(rows, line, start + 6 + k) == 0;
                }
                if (matches && (lightBefore || lightAfter))
                    penalty += 40;
            }
        }
    }
    int dark = 0;
    for (int row = 0; row < width; ++row)
        for (int column = 0; column < width; ++column) {
            dark += at(row, column);
            if (row + 1 < width && column + 1 < width && at(row, column) == at(row, column + 1)
                && at(row, column) == at(row + 1, column) && at(row, column) == at(row + 1, column + 1))
                penalty += 3;
        }
    const int total = width * width;
    return penalty + 10 * (std::abs(20 * dark - 10 * total) / total);
}

QByteArray filled(int width, char (*colour)(int row, int column))
{
    QByteArray modules(qsizetype(width) * width, 0);
    for (int row = 0; row < width; ++row)
        for (int column = 0; column < width; ++column)
            modules[qsizetype(row) * width + column] = colour(row, column);
    return modules;
}

const QList<QByteArray> Texts {
    "ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453/transfer?"
    "address=0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed&uint256=20070000",
    "https://pay.coinbase.com/buy/select-asset?sessionToken=ZWJlNDgwYmItNjBkMi00ZmFiLWIxYTQtMTM3MGI2YjJiNjFh"
    "&defaultNetwork=base&defaultAsset=USDC&presetFiatAmount=20&fiatCurrency=USD",
    "A", // version 1: no alignment pattern, no version information
    QByteArray(300, 'z'), // version 13: version information blocks
};

} // namespace

class TestMarketQrMasking : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void formatInformationOfTheStandard();
    void everyMaskAsLibqrencodeWritesIt();
    void linePenalties_data();
    void linePenalties();
    void symbolPenalties();
    void penaltiesMatchTheModuleByModuleCount();
    void choosesTheLowestPenalty();
};

void TestMarketQrMasking::formatInformationOfTheStandard()
{
    // Annex C: level M, mask 101 -> 100000011001110.
    QCOMPARE(QrMasking::formatInformation('M', 5), quint16(0b100000011001110));
    // Level L, mask 0, and level H, mask 7, as the standard's table of valid format information lists them.
    QCOMPARE(QrMasking::formatInformation('L', 0), quint16(0b111011111000100));
    QCOMPARE(QrMasking::formatInformation('H', 7), quint16(0b000100000111011));
}

void TestMarketQrMasking::everyMaskAsLibqrencodeWritesIt()
{
    for (const QByteArray &text : Texts) {
        const Symbol fromMaskZero = libqrencodeSymbol(text, 0);
        QVERIFY(fromMaskZero.width > 0);
        for (int mask = 0; mask < 8; ++mask) {
            const Symbol expected = libqrencodeSymbol(text, mask);
            const QByteArray ours = QrMasking::remasked(
                fromMaskZero.modules, fromMaskZero.function, fromMaskZero.width, 0, mask, 'M');
            QVERIFY2(ours == expected.modules, qPrintable(u"mask %1, %2 bytes"_s.arg(mask).arg(text.size())));
        }
    }
}

void TestMarketQrMasking::linePenalties_data()
{
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<int>("penalty");
    QTest::newRow("alternating") << QByteArray("01010101010") << 0;
    QTest::newRow("run-of-4") << QByteArray("0111101") << 0;
    QTest::newRow("run-of-5") << QByteArray("0111110") << 3;
    QTest::newRow("run-of-7") << QByteArray("1111111") << 5;
    QTest::newRow("two-runs") << QByteArray("00000011111") << 4 + 3;
    // 1:1:3:1:1 with four light modules before it: in the line, or the quiet zone outside the symbol.
    QTest::newRow("finder-after-light") << QByteArray("00001011101") << 40;
    QTest::newRow("finder-at-start") << QByteArray("1011101") << 40;
    QTest::newRow("finder-light-after") << QByteArray("101011101000010") << 40;
    // Light on both sides is still one pattern.
    QTest::newRow("finder-light-both-sides") << QByteArray("0000101110100001") << 40;
    // Neither side light for four modules.
    QTest::newRow("finder-enclosed") << QByteArray("1001011101001") << 0;
    // Only three light modules before and after, in a long line.
    QTest::newRow("finder-three-light") << QByteArray("1010001011101000101") << 0;
}

void TestMarketQrMasking::linePenalties()
{
    QFETCH(QByteArray, line);
    QFETCH(int, penalty);
    QCOMPARE(linePenalty(line), penalty);
}

void TestMarketQrMasking::symbolPenalties()
{
    // All light, 5x5: every row and column one run of five (3 each, 30), sixteen 2x2 blocks (48), no dark
    // module: 50 % away from half, ten steps of 5 % (100).
    QCOMPARE(QrMasking::penalty(filled(5, [](int, int) { return char(0); }), 5), 30 + 48 + 100);
    // Checkerboard 6x6: no run, no block, no pattern, half dark.
    QCOMPARE(QrMasking::penalty(filled(6, [](int r, int c) { return char((r + c) % 2); }), 6), 0);
    // Stripes of two columns, 4x4: columns are runs of four (none), rows alternate in pairs (none), 2x2
    // blocks: in each pair of rows, columns 0-1 and 2-3 (2 blocks x 3 row pairs = 6 -> 18); half dark.
    QCOMPARE(QrMasking::penalty(filled(4, [](int, int c) { return char(c / 2 % 2); }), 4), 18);
    // 10x10 with 30 dark of 100 (the first three rows): 20 % from half, four steps (40), plus the runs and
    // blocks: each row one run of ten (8 each, 80), each column a run of three and of seven (5 each, 50),
    // 2x2 blocks everywhere but across the boundary row: 9 columns x 8 row pairs (72 x 3 = 216).
    QCOMPARE(QrMasking::penalty(filled(10, [](int r, int) { return char(r < 3 ? 1 : 0); }), 10),
        40 + 80 + 50 + 216);
}

void TestMarketQrMasking::penaltiesMatchTheModuleByModuleCount()
{
    QRandomGenerator random(18004);
    for (int round = 0; round < 300; ++round) {
        // Every width a symbol can have at the ends, random ones between; dark shares from sparse to dense
        // and long runs, so that every feature and every word boundary is met.
        const int version = round < 2 ? (round == 0 ? 1 : 40) : int(random.bounded(1, 41));
        const int width = 17 + 4 * version;
        const quint32 darkPercent = random.bounded(5u, 96u);
        QByteArray modules(qsizetype(width) * width, 0);
        for (char &module : modules)
            module = char(random.bounded(100u) < darkPercent ? 1 : 0);
        QCOMPARE(QrMasking::penalty(modules, width), referencePenalty(modules, width));
    }
    // Real symbols under every mask.
    for (const QByteArray &text : Texts)
        for (int mask = 0; mask < 8; ++mask) {
            const Symbol symbol = libqrencodeSymbol(text, mask);
            QCOMPARE(QrMasking::penalty(symbol.modules, symbol.width),
                referencePenalty(symbol.modules, symbol.width));
        }
}

void TestMarketQrMasking::choosesTheLowestPenalty()
{
    for (const QByteArray &text : Texts) {
        const std::optional<QrCode> code = QrCode::encode(text);
        QVERIFY(code);
        const Symbol fromMaskZero = libqrencodeSymbol(text, 0);
        int lowest = -1;
        int lowestMask = -1;
        for (int mask = 0; mask < 8; ++mask) {
            const int score = QrMasking::penalty(QrMasking::remasked(fromMaskZero.modules,
                                                     fromMaskZero.function, fromMaskZero.width, 0, mask, 'M'),
                fromMaskZero.width);
            if (lowest < 0 || score < lowest) {
                lowest = score;
                lowestMask = mask;
            }
        }
        QCOMPARE(code->mask(), lowestMask);
        const Symbol expected = libqrencodeSymbol(text, lowestMask);
        for (int y = 0; y < expected.width; ++y)
            for (int x = 0; x < expected.width; ++x)
                QCOMPARE(code->isDark(x, y), expected.modules[qsizetype(y) * expected.width + x] != 0);
    }
}

QTEST_APPLESS_MAIN(TestMarketQrMasking)
#include "TestMarketQrMasking.moc"
