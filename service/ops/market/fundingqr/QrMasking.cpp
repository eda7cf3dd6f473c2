#include "QrMasking.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <type_traits>
#include <vector>

namespace ades::market {

namespace {

// A row or column of at most 177 modules (version 40) with the four light quiet-zone modules of §9.1 on
// each side: bit k is module k − 4, 1 = dark. The penalties are counted on whole words at a time, in as
// many words as the symbol needs: one up to version 9 (53 modules), two up to version 25, three beyond.
constexpr int MaxWidth = 177;
constexpr int Pad = 4;
constexpr size_t MaxWords = (MaxWidth + 2 * Pad + 63) / 64;
template <size_t W> using Line = std::array<quint64, W>;

constexpr size_t wordsFor(int width)
{
    return size_t(width + 2 * Pad + 63) / 64;
}

// Bit k of the result is bit k + by of `line` (0 < by < 64).
template <size_t W> Line<W> down(const Line<W> &line, int by)
{
    Line<W> out;
    for (size_t i = 0; i < W; ++i)
        out[i] = (line[i] >> by) | (i + 1 < W ? line[i + 1] << (64 - by) : 0);
    return out;
}

// Bit k of the result is bit k − by of `line` (0 < by < 64).
template <size_t W> Line<W> up(const Line<W> &line, int by)
{
    Line<W> out;
    for (size_t i = 0; i < W; ++i)
        out[i] = (line[i] << by) | (i > 0 ? line[i - 1] >> (64 - by) : 0);
    return out;
}

template <size_t W> Line<W> operator&(const Line<W> &a, const Line<W> &b)
{
    Line<W> out;
    for (size_t i = 0; i < W; ++i)
        out[i] = a[i] & b[i];
    return out;
}

template <size_t W> Line<W> operator|(const Line<W> &a, const Line<W> &b)
{
    Line<W> out;
    for (size_t i = 0; i < W; ++i)
        out[i] = a[i] | b[i];
    return out;
}

template <size_t W> Line<W> operator^(const Line<W> &a, const Line<W> &b)
{
    Line<W> out;
    for (size_t i = 0; i < W; ++i)
        out[i] = a[i] ^ b[i];
    return out;
}

template <size_t W> Line<W> operator~(const Line<W> &a)
{
    Line<W> out;
    for (size_t i = 0; i < W; ++i)
        out[i] = ~a[i];
    return out;
}

// Set bits. Without -mpopcnt (Debian's baseline x86-64) std::popcount is a call into libgcc; most lines
// counted here are empty or nearly so, and the rest takes the usual bit-parallel sum.
template <size_t W> int count(const Line<W> &line)
{
    int n = 0;
    for (quint64 word : line) {
        if (word == 0)
            continue;
        word = word - ((word >> 1) & 0x5555'5555'5555'5555);
        word = (word & 0x3333'3333'3333'3333) + ((word >> 2) & 0x3333'3333'3333'3333);
        word = (word + (word >> 4)) & 0x0f0f'0f0f'0f0f'0f0f;
        n += int((word * 0x0101'0101'0101'0101) >> 56);
    }
    return n;
}

// Bits [from, to).
template <size_t W> Line<W> range(int from, int to)
{
    Line<W> out {};
    for (int k = from; k < to; ++k)
        out[size_t(k / 64)] |= quint64(1) << (k % 64);
    return out;
}

template <size_t W> void setModule(Line<W> &line, int index, bool dark)
{
    const int k = index + Pad;
    const quint64 bit = quint64(1) << (k % 64);
    line[size_t(k / 64)] = dark ? line[size_t(k / 64)] | bit : line[size_t(k / 64)] & ~bit;
}

template <size_t W> bool moduleOf(const Line<W> &line, int index)
{
    const int k = index + Pad;
    return (line[size_t(k / 64)] >> (k % 64)) & 1;
}

// The masks within which a line of `width` modules is counted.
template <size_t W> struct Bounds
{
    explicit Bounds(int width)
        : modules(range<W>(Pad, Pad + width))
        , pairs(range<W>(Pad, Pad + width - 1))
        , withQuietZone(range<W>(0, width + 2 * Pad))
    { }
    Line<W> modules; // the line's own modules
    Line<W> pairs; // a module whose right neighbour is in the line too
    Line<W> withQuietZone;
};

// Feature 1: a run of L ≥ 5 scores L − 2, which is its number of five-module windows (L − 4) plus 2 for the
// run. Feature 3: dark-light-dark-dark-dark-light-dark with four light modules before or after it.
template <size_t W> int linePenalty(const Line<W> &dark, const Bounds<W> &bounds)
{
    const Line<W> same = ~(dark ^ down(dark, 1)) & bounds.pairs;
    const Line<W> fives = same & down(same, 1) & down(same, 2) & down(same, 3);
    const Line<W> runStarts = fives & ~up(fives, 1);
    const int runs = count(fives) + 2 * count(runStarts);

    const Line<W> light = ~dark & bounds.withQuietZone;
    const Line<W> core = dark & down(light, 1) & down(dark, 2) & down(dark, 3) & down(dark, 4)
        & down(light, 5) & down(dark, 6);
    const Line<W> fourLight = light & down(light, 1) & down(light, 2) & down(light, 3);
    const int finderLike = count(core & (up(fourLight, 4) | down(fourLight, 7)));
    return runs + 40 * finderLike;
}

// Feature 2 between two neighbouring rows: each 2×2 block of one colour.
template <size_t W> int blockPenalty(const Line<W> &top, const Line<W> &bottom, const Bounds<W> &bounds)
{
    const Line<W> vertical = ~(top ^ bottom) & bounds.modules;
    const Line<W> horizontal = ~(top ^ down(top, 1)) & bounds.pairs;
    return 3 * count(vertical & down(vertical, 1) & horizontal);
}

// Feature 4: 10 for each full 5 % that the dark share lies away from 50 %.
int balancePenalty(qint64 dark, int width)
{
    const qint64 total = qint64(width) * width;
    return 10 * int(std::llabs(20 * dark - 10 * total) / total);
}

// A symbol as rows and as columns.
template <size_t W> struct Symbol
{
    explicit Symbol(int width)
        : width(width)
        , rows(size_t(width))
        , columns(size_t(width))
    { }
    void set(int row, int column, bool dark)
    {
        setModule(rows[size_t(row)], column, dark);
        setModule(columns[size_t(column)], row, dark);
    }
    int penalty() const
    {
        const Bounds<W> bounds(width);
        int total = 0;
        qint64 dark = 0;
        for (size_t i = 0; i < size_t(width); ++i) {
            total += linePenalty(rows[i], bounds) + linePenalty(columns[i], bounds);
            if (i + 1 < size_t(width))
                total += blockPenalty(rows[i], rows[i + 1], bounds);
            dark += count(rows[i]);
        }
        return total + balancePenalty(dark, width);
    }
    QByteArray bytes() const
    {
        QByteArray out(qsizetype(width) * width, 0);
        char *m = out.data();
        for (int row = 0; row < width; ++row)
            for (int column = 0; column < width; ++column)
                m[qsizetype(row) * width + column] = char(moduleOf(rows[size_t(row)], column));
        return out;
    }

    int width;
    std::vector<Line<W>> rows;
    std::vector<Line<W>> columns;
};

template <size_t W> Symbol<W> symbolOf(const QByteArray &modules, int width)
{
    Symbol<W> symbol(width);
    for (int row = 0; row < width; ++row)
        for (int column = 0; column < width; ++column)
            if (modules[qsizetype(row) * width + column])
                symbol.set(row, column, true);
    return symbol;
}

// Which modules each mask inverts, as lines: along row i, module j is inverts(mask, i, j); along column j
// the same pattern read down the rows. Made once, for the largest symbol; a smaller one reads its first
// words (a line's bits only depend on the module's index, not on the width).
struct MaskPatterns
{
    MaskPatterns()
    {
        for (int mask = 0; mask < 8; ++mask)
            for (int i = 0; i < MaxWidth; ++i)
                for (int j = 0; j < MaxWidth; ++j) {
                    if (QrMasking::inverts(mask, i, j))
                        setModule(rows[size_t(mask)][size_t(i)], j, true);
                    if (QrMasking::inverts(mask, j, i))
                        setModule(columns[size_t(mask)][size_t(i)], j, true);
                }
    }
    template <size_t W> static Line<W> first(const Line<MaxWords> &line)
    {
        Line<W> out;
        std::copy_n(line.begin(), W, out.begin());
        return out;
    }
    std::array<std::array<Line<MaxWords>, MaxWidth>, 8> rows {};
    std::array<std::array<Line<MaxWords>, MaxWidth>, 8> columns {};
};

const MaskPatterns &maskPatterns()
{
    static const MaskPatterns patterns;
    return patterns;
}

// The 30 modules of the two copies of the format information (§7.9.1, Figure 25), as (row, column, bit);
// bit 14 is the most significant. First copy, around the upper-left finder pattern: bits 0–7 down column 8
// (skipping the timing row 6), bits 8–14 leftwards along row 8 (skipping timing column 6). Second copy: bits
// 0–7 along row 8 from the right edge leftwards, bits 8–14 down column 8 beside the lower-left finder.
template <typename Set> void forEachFormatModule(int width, Set set)
{
    for (int bit = 0; bit <= 5; ++bit)
        set(bit, 8, bit);
    set(7, 8, 6);
    set(8, 8, 7);
    set(8, 7, 8);
    for (int bit = 9; bit <= 14; ++bit)
        set(8, 14 - bit, bit);
    for (int bit = 0; bit <= 7; ++bit)
        set(8, width - 1 - bit, bit);
    for (int bit = 8; bit <= 14; ++bit)
        set(width - 15 + bit, 8, bit);
}

// The symbol's modules as placed (§7.7) and where a mask may act (the data and error correction modules),
// from bytes masked with `appliedMask`.
template <size_t W> struct Unmasked
{
    Unmasked(const QByteArray &modules, const QByteArray &function, int width, int appliedMask)
        : plain(symbolOf<W>(modules, width))
        , data(symbolOf<W>(function, width))
    {
        const MaskPatterns &patterns = maskPatterns();
        const Line<W> inside = Bounds<W>(width).modules;
        for (size_t i = 0; i < size_t(width); ++i) {
            data.rows[i] = ~data.rows[i] & inside;
            data.columns[i] = ~data.columns[i] & inside;
            plain.rows[i] = plain.rows[i]
                ^ (MaskPatterns::first<W>(patterns.rows[size_t(appliedMask)][i]) & data.rows[i]);
            plain.columns[i] = plain.columns[i]
                ^ (MaskPatterns::first<W>(patterns.columns[size_t(appliedMask)][i]) & data.columns[i]);
        }
    }

    // Under `mask`, with the format information for it, into `out` (of the same width).
    void mask(int mask, char level, Symbol<W> &out) const
    {
        const MaskPatterns &patterns = maskPatterns();
        for (size_t i = 0; i < size_t(plain.width); ++i) {
            out.rows[i]
                = plain.rows[i] ^ (MaskPatterns::first<W>(patterns.rows[size_t(mask)][i]) & data.rows[i]);
            out.columns[i] = plain.columns[i]
                ^ (MaskPatterns::first<W>(patterns.columns[size_t(mask)][i]) & data.columns[i]);
        }
        const quint16 format = QrMasking::formatInformation(level, mask);
        forEachFormatModule(
            plain.width, [&](int row, int column, int bit) { out.set(row, column, (format >> bit) & 1); });
    }

    Symbol<W> plain;
    Symbol<W> data;
};

template <size_t W>
QByteArray remaskedIn(
    const QByteArray &modules, const QByteArray &function, int width, int fromMask, int toMask, char level)
{
    Symbol<W> out(width);
    Unmasked<W>(modules, function, width, fromMask).mask(toMask, level, out);
    return out.bytes();
}

template <size_t W>
QrMasking::Choice bestIn(
    const QByteArray &modules, const QByteArray &function, int width, int appliedMask, char level)
{
    const Unmasked<W> unmasked(modules, function, width, appliedMask);
    QrMasking::Choice best;
    int lowest = -1;
    Symbol<W> candidate(width);
    Symbol<W> chosen(width);
    for (int mask = 0; mask < 8; ++mask) {
        unmasked.mask(mask, level, candidate);
        const int score = candidate.penalty();
        if (lowest < 0 || score < lowest) {
            lowest = score;
            best.mask = mask;
            std::swap(chosen, candidate);
        }
    }
    best.modules = chosen.bytes();
    return best;
}

template <size_t W> int penaltyIn(const QByteArray &modules, int width)
{
    return symbolOf<W>(modules, width).penalty();
}

// `run` with the number of words a line of `width` modules needs, as a compile-time constant; `wider` for
// a width beyond version 40, which no symbol has.
template <typename Run, typename Wider> auto byLineWords(int width, Run run, Wider wider)
{
    switch (wordsFor(width)) {
    case 1:
        return run(std::integral_constant<size_t, 1>());
    case 2:
        return run(std::integral_constant<size_t, 2>());
    case 3:
        return run(std::integral_constant<size_t, 3>());
    default:
        return wider();
    }
}

} // namespace

bool QrMasking::inverts(int mask, int row, int column)
{
    const int i = row;
    const int j = column;
    switch (mask) {
    case 0:
        return (i + j) % 2 == 0;
    case 1:
        return i % 2 == 0;
    case 2:
        return j % 3 == 0;
    case 3:
        return (i + j) % 3 == 0;
    case 4:
        return (i / 2 + j / 3) % 2 == 0;
    case 5:
        return (i * j) % 2 + (i * j) % 3 == 0;
    case 6:
        return ((i * j) % 2 + (i * j) % 3) % 2 == 0;
    case 7:
        return ((i + j) % 2 + (i * j) % 3) % 2 == 0;
    default:
        return false;
    }
}

quint16 QrMasking::formatInformation(char level, int mask)
{
    // §7.9.1 Table 12: the level's two bits.
    int levelBits = 0;
    switch (level) {
    case 'L':
        levelBits = 0b01;
        break;
    case 'M':
        levelBits = 0b00;
        break;
    case 'Q':
        levelBits = 0b11;
        break;
    case 'H':
        levelBits = 0b10;
        break;
    }
    const int data = (levelBits << 3) | (mask & 7);
    // Remainder of data·x^10 divided by the generator x^10 + x^8 + x^5 + x^4 + x^2 + x + 1 (Annex C).
    constexpr int generator = 0b101'0011'0111;
    int remainder = data << 10;
    for (int bit = 14; bit >= 10; --bit)
        if (remainder & (1 << bit))
            remainder ^= generator << (bit - 10);
    return quint16(((data << 10) | remainder) ^ 0b101'0100'0001'0010);
}

int QrMasking::penalty(const QByteArray &modules, int width)
{
    return byLineWords(
        width, [&](auto words) { return penaltyIn<words>(modules, width); }, [] { return -1; });
}

int QrMasking::linePenalty(const QByteArray &line)
{
    Line<MaxWords> dark {};
    for (qsizetype i = 0; i < line.size(); ++i)
        setModule(dark, int(i), line[i] != 0);
    return ades::market::linePenalty(dark, Bounds<MaxWords>(int(line.size())));
}

QByteArray QrMasking::remasked(
    const QByteArray &modules, const QByteArray &function, int width, int fromMask, int toMask, char level)
{
    return byLineWords(
        width,
        [&](auto words) { return remaskedIn<words>(modules, function, width, fromMask, toMask, level); },
        [&] { return modules; });
}

QrMasking::Choice QrMasking::best(
    const QByteArray &modules, const QByteArray &function, int width, int appliedMask, char level)
{
    return byLineWords(
        width, [&](auto words) { return bestIn<words>(modules, function, width, appliedMask, level); },
        [&] {
            return Choice { appliedMask, modules };
        });
}

} // namespace ades::market
