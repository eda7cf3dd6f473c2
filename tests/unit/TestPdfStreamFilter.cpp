// PdfStreamFilter and its parts (PdfDecodeParameters, PdfPredictor, PdfLzwDecoder, PdfDecodeBudget) through
// qpdf, as the extractor reaches them: a stream with raw data, a /Filter and /DecodeParms, decoded by QPDF.

#include "HandMadePdf.h"
#include "ops/eu/einvoice/PdfDecodeBudget.h"
#include "ops/eu/einvoice/PdfDecodeParameters.h"
#include "ops/eu/einvoice/PdfStreamFilter.h"

#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QTest>
#include <map>
#include <qpdf/QPDF.hh>

using namespace Qt::StringLiterals;
using namespace ades::eu;

namespace {

struct Decoded
{
    bool ok = false;
    QByteArray data;
};

// Keeps what arrives even when decoding fails half-way (Pl_Buffer only hands out finished data).
class Collector final : public Pipeline
{
public:
    Collector()
        : Pipeline("test-collector", nullptr)
    { }
    void write(unsigned char const *data, size_t len) override
    {
        bytes.append(reinterpret_cast<const char *>(data), qsizetype(len));
    }
    void finish() override { }

    QByteArray bytes;
};

// Decodes `raw` as a stream with these /Filter and /DecodeParms (PDF syntax; empty: absent), read from a PDF
// file as the extractor reads one: qpdf guards the decoding of file streams, not of streams built in memory.
Decoded decode(const QByteArray &raw, const QByteArray &filter, const QByteArray &parms = {})
{
    ades::test::HandMadePdf file;
    const int catalog = file.add("<< /Type /Catalog /Pages 2 0 R >>");
    file.add("<< /Type /Pages /Kids [] /Count 0 >>");
    QByteArray entries;
    if (!filter.isEmpty())
        entries += "/Filter " + filter;
    if (!parms.isEmpty())
        entries += " /DecodeParms " + parms;
    const int number = file.add(ades::test::HandMadePdf::stream(entries, raw));
    const QByteArray bytes = file.withXrefTable(catalog);
    QPDF pdf;
    pdf.setSuppressWarnings(true);
    pdf.processMemoryFile("test.pdf", bytes.constData(), size_t(bytes.size()));
    Collector sink;
    bool attempted = false;
    Decoded out;
    out.ok
        = pdf.getObjectByID(number, 0).pipeStreamData(&sink, &attempted, 0, qpdf_dl_specialized, true, false)
        && attempted;
    out.data = sink.bytes;
    return out;
}

QByteArray zlib(const QByteArray &data)
{
    return qCompress(data, 9).mid(4);
}

// Deterministic sample bytes with some structure, so that predictors and LZW have something to find.
QByteArray sampleBytes(qsizetype size, quint32 seed)
{
    QRandomGenerator random(seed);
    QByteArray out;
    out.reserve(size);
    while (out.size() < size) {
        const char base = char('a' + random.bounded(6));
        const int run = 1 + random.bounded(12);
        for (int i = 0; i < run && out.size() < size; ++i)
            out.append(char(base + (random.bounded(4) == 0 ? i : 0)));
    }
    return out;
}

int paeth(int a, int b, int c)
{
    const int p = a + b - c;
    const int pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - c);
    return pa <= pb && pa <= pc ? a : (pb <= pc ? b : c);
}

// PNG-predicts rows of `rowBytes` (RFC 2083 §6), tag `tag` on every row.
QByteArray pngEncode(const QByteArray &data, qsizetype rowBytes, qsizetype pixelBytes, int tag)
{
    QByteArray out;
    QByteArray previous(rowBytes, '\0');
    for (qsizetype start = 0; start < data.size(); start += rowBytes) {
        const QByteArray row = data.mid(start, rowBytes).leftJustified(rowBytes, '\0');
        out.append(char(tag));
        for (qsizetype i = 0; i < rowBytes; ++i) {
            const int left = i >= pixelBytes ? uchar(row[i - pixelBytes]) : 0;
            const int up = uchar(previous[i]);
            const int upLeft = i >= pixelBytes ? uchar(previous[i - pixelBytes]) : 0;
            const int predicted = tag == 1 ? left
                : tag == 2                 ? up
                : tag == 3                 ? (left + up) / 2
                : tag == 4                 ? paeth(left, up, upLeft)
                                           : 0;
            out.append(char(uchar(row[i]) - predicted));
        }
        previous = row;
    }
    return out;
}

unsigned sampleAt(const QByteArray &row, qsizetype index, int bits)
{
    unsigned v = 0;
    for (qsizetype b = index * bits; b < (index + 1) * bits; ++b)
        v = (v << 1) | ((uchar(row[b / 8]) >> (7 - b % 8)) & 1U);
    return v;
}

void setSampleAt(QByteArray &row, qsizetype index, int bits, unsigned v)
{
    for (qsizetype b = (index + 1) * bits - 1; b >= index * bits; --b, v >>= 1) {
        const uchar mask = uchar(1U << (7 - b % 8));
        row[b / 8] = char((v & 1U) ? (uchar(row[b / 8]) | mask) : (uchar(row[b / 8]) & ~mask));
    }
}

// TIFF predictor 2: each sample minus the same component of the pixel to its left.
QByteArray tiffEncode(const QByteArray &data, int columns, int colors, int bits)
{
    const qsizetype rowBytes = (qsizetype(columns) * colors * bits + 7) / 8;
    QByteArray out;
    for (qsizetype start = 0; start < data.size(); start += rowBytes) {
        const QByteArray row = data.mid(start, rowBytes);
        QByteArray encoded = row;
        for (qsizetype i = qsizetype(columns) * colors - 1; i >= colors; --i)
            setSampleAt(encoded, i, bits,
                (sampleAt(row, i, bits) - sampleAt(row, i - colors, bits)) & ((1U << bits) - 1U));
        out += encoded;
    }
    return out;
}

// An LZW encoder as ISO 32000-1 §7.4.4.2 describes it, keeping the code width in step with the decoder:
// the decoder adds an entry for every code but the first after a clear, and widens after entry 511, 1023,
// 2047 (one earlier with /EarlyChange 1). It clears the table well before it is full.
QByteArray lzwEncode(const QByteArray &data, bool earlyChange)
{
    QByteArray out;
    quint32 bits = 0;
    int bitCount = 0;
    int width = 9;
    bool afterClear = true;
    int decoderEntries = 0;
    const auto put = [&](unsigned code) {
        bits = (bits << width) | code;
        bitCount += width;
        while (bitCount >= 8) {
            bitCount -= 8;
            out.append(char((bits >> bitCount) & 0xff));
        }
        bits &= (1U << bitCount) - 1U;
    };
    const auto emit = [&](unsigned code) {
        put(code);
        if (code == 256) {
            width = 9;
            afterClear = true;
            decoderEntries = 0;
            return;
        }
        if (!afterClear) {
            const int added = 258 + decoderEntries++;
            if (added + (earlyChange ? 1 : 0) == 511 || added + (earlyChange ? 1 : 0) == 1023
                || added + (earlyChange ? 1 : 0) == 2047)
                ++width;
        }
        afterClear = false;
    };
    std::map<QByteArray, unsigned> table;
    const auto reset = [&table] {
        table.clear();
        for (unsigned i = 0; i < 256; ++i)
            table[QByteArray(1, char(i))] = i;
    };
    reset();
    emit(256);
    QByteArray current;
    for (const char c : data) {
        QByteArray extended = current + c;
        if (table.count(extended)) {
            current = extended;
            continue;
        }
        emit(table[current]);
        table[extended] = unsigned(258 + table.size() - 256);
        current = QByteArray(1, c);
        if (table.size() - 256 > 3000) {
            emit(table[current]);
            current.clear();
            emit(256);
            reset();
        }
    }
    if (!current.isEmpty())
        emit(table[current]);
    put(257);
    if (bitCount > 0)
        out.append(char((bits << (8 - bitCount)) & 0xff));
    return out;
}

} // namespace

class TestPdfStreamFilter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void decodeParameters_data();
    void decodeParameters();
    void refusedParametersAreRecorded_data();
    void refusedParametersAreRecorded();
    void flateWithoutPredictor();
    void pngPredictors_data();
    void pngPredictors();
    void pngPartialLastRowIsPaddedAsQpdfDoes();
    void tiffPredictor_data();
    void tiffPredictor();
    void lzwSpecificationExample();
    void lzwRoundTrip_data();
    void lzwRoundTrip();
    void lzwBadCodeFails();
    void runLength();
    void budgetStopsEveryStage();
    void budgetCoversAllStreams();
    void withoutBudgetEachStreamIsCapped();
};

void TestPdfStreamFilter::initTestCase()
{
    PdfStreamFilter::install();
}

void TestPdfStreamFilter::decodeParameters_data()
{
    QTest::addColumn<QByteArray>("parms"); // empty: null
    QTest::addColumn<bool>("lzw");
    QTest::addColumn<QString>("problem"); // a part of the reason; empty: accepted
    QTest::newRow("none") << QByteArray() << false << QString();
    QTest::newRow("png-xref") << QByteArray("<< /Predictor 12 /Columns 5 >>") << false << QString();
    QTest::newRow("png-rgb16") << QByteArray(
        "<< /Predictor 15 /Colors 3 /BitsPerComponent 16 /Columns 4096 >>")
                               << false << QString();
    QTest::newRow("largest-row") << QByteArray("<< /Predictor 2 /Columns 1048576 >>") << false << QString();
    QTest::newRow("no-predictor-columns-unused")
        << QByteArray("<< /Predictor 1 /Columns 536870911 >>") << false << QString();
    QTest::newRow("issue-12-columns") << QByteArray("<< /Predictor 12 /Columns 536870911 >>") << false
                                      << u"/Columns 536870911, /Colors 1 and /BitsPerComponent 8: predictor "
                                         "rows of 536870911 bytes; at most 1048576"_s;
    QTest::newRow("row-one-byte-too-long")
        << QByteArray("<< /Predictor 2 /Columns 1048577 >>") << false << u"rows of 1048577 bytes"_s;
    QTest::newRow("colors-times-columns")
        << QByteArray("<< /Predictor 12 /Colors 32 /BitsPerComponent 16 /Columns 65536 >>") << false
        << u"rows of 4194304 bytes"_s;
    QTest::newRow("columns-beyond-int") << QByteArray("<< /Predictor 12 /Columns 9999999999 >>") << false
                                        << u"rows of more than 1048576 bytes"_s;
    QTest::newRow("columns-zero") << QByteArray("<< /Predictor 12 /Columns 0 >>") << false << u"/Columns 0"_s;
    QTest::newRow("columns-negative")
        << QByteArray("<< /Predictor 12 /Columns -5 >>") << false << u"/Columns -5"_s;
    QTest::newRow("columns-real") << QByteArray("<< /Predictor 12 /Columns 5.5 >>") << false
                                  << u"/Columns that is not an integer"_s;
    QTest::newRow("colors-zero") << QByteArray("<< /Predictor 12 /Colors 0 >>") << false << u"/Colors 0"_s;
    QTest::newRow("colors-33") << QByteArray("<< /Predictor 12 /Colors 33 >>") << false << u"/Colors 33"_s;
    QTest::newRow("bits-3") << QByteArray("<< /Predictor 12 /BitsPerComponent 3 >>") << false
                            << u"/BitsPerComponent 3"_s;
    QTest::newRow("predictor-3") << QByteArray("<< /Predictor 3 >>") << false << u"/Predictor 3"_s;
    QTest::newRow("predictor-16") << QByteArray("<< /Predictor 16 >>") << false << u"/Predictor 16"_s;
    QTest::newRow("predictor-name") << QByteArray("<< /Predictor /PNG >>") << false
                                    << u"/Predictor that is not an integer"_s;
    QTest::newRow("early-change-2") << QByteArray("<< /EarlyChange 2 >>") << true << u"/EarlyChange 2"_s;
    QTest::newRow("early-change-ignored-for-flate")
        << QByteArray("<< /EarlyChange 2 >>") << false << QString();
    QTest::newRow("not-a-dictionary") << QByteArray("[1 2]") << false << u"not a dictionary"_s;
}

void TestPdfStreamFilter::decodeParameters()
{
    QFETCH(QByteArray, parms);
    QFETCH(bool, lzw);
    QFETCH(QString, problem);
    PdfDecodeParameters out;
    const std::optional<QString> reason = PdfDecodeParameters::read(
        parms.isEmpty() ? QPDFObjectHandle::newNull() : QPDFObjectHandle::parse(parms.toStdString()), lzw,
        out);
    if (problem.isEmpty()) {
        QVERIFY2(!reason, qPrintable(reason.value_or(QString())));
        QVERIFY(out.rowBytes() <= PdfDecodeParameters::MaxRowBytes);
    } else {
        QVERIFY(reason);
        QVERIFY2(reason->contains(problem), qPrintable(*reason));
        QVERIFY(reason->contains(lzw ? u"/LZWDecode"_s : u"/FlateDecode"_s));
    }
}

void TestPdfStreamFilter::refusedParametersAreRecorded_data()
{
    QTest::addColumn<QByteArray>("filter");
    QTest::addColumn<QByteArray>("parms");
    const QByteArray bomb = "<< /Predictor 12 /Columns 536870911 >>";
    QTest::newRow("flate") << QByteArray("/FlateDecode") << bomb;
    QTest::newRow("flate-abbreviated") << QByteArray("/Fl") << bomb;
    QTest::newRow("lzw") << QByteArray("/LZWDecode") << bomb;
    QTest::newRow("chain-second") << QByteArray("[/ASCIIHexDecode /FlateDecode]") << "[null " + bomb + "]";
    QTest::newRow("chain-one-dictionary-for-all") << QByteArray("[/FlateDecode /FlateDecode]") << bomb;
    QTest::newRow("array-of-one") << QByteArray("[/FlateDecode]") << "[" + bomb + "]";
}

void TestPdfStreamFilter::refusedParametersAreRecorded()
{
    QFETCH(QByteArray, filter);
    QFETCH(QByteArray, parms);
    QElapsedTimer timer;
    timer.start();
    PdfDecodeBudget budget(1024 * 1024);
    budget.setStream(u"the test stream"_s);
    const Decoded d = decode(zlib(QByteArray(64, '\0')), filter, parms);
    QVERIFY(!d.ok);
    QVERIFY(budget.refused());
    QVERIFY2(budget.refusal().startsWith(u"in the test stream, "_s), qPrintable(budget.refusal()));
    QVERIFY2(budget.refusal().contains(u"/Columns 536870911"_s), qPrintable(budget.refusal()));
    QVERIFY(!budget.exceeded());
    QVERIFY2(timer.elapsed() < 1000, "refused before anything was allocated"); // qpdf 11.3 alone: 1 GB, 13 s
}

void TestPdfStreamFilter::flateWithoutPredictor()
{
    const QByteArray text = sampleBytes(200000, 1);
    const Decoded d = decode(zlib(text), "/FlateDecode");
    QVERIFY(d.ok);
    QCOMPARE(d.data, text);
}

void TestPdfStreamFilter::pngPredictors_data()
{
    QTest::addColumn<int>("tag");
    QTest::addColumn<int>("colors");
    QTest::addColumn<int>("bits");
    QTest::addColumn<int>("columns");
    for (int tag = 0; tag <= 4; ++tag) {
        QTest::addRow("tag%d-gray8", tag) << tag << 1 << 8 << 17;
        QTest::addRow("tag%d-rgb8", tag) << tag << 3 << 8 << 11;
        QTest::addRow("tag%d-rgb16", tag) << tag << 3 << 16 << 5;
        QTest::addRow("tag%d-gray1", tag) << tag << 1 << 1 << 29;
        QTest::addRow("tag%d-xref-row", tag) << tag << 1 << 8 << 5;
    }
}

void TestPdfStreamFilter::pngPredictors()
{
    QFETCH(int, tag);
    QFETCH(int, colors);
    QFETCH(int, bits);
    QFETCH(int, columns);
    const qsizetype rowBytes = (qsizetype(columns) * colors * bits + 7) / 8;
    const qsizetype pixelBytes = (colors * bits + 7) / 8;
    const QByteArray data = sampleBytes(rowBytes * 40, quint32(tag * 100 + colors * 10 + bits));
    const QByteArray parms = "<< /Predictor 12 /Colors " + QByteArray::number(colors) + " /BitsPerComponent "
        + QByteArray::number(bits) + " /Columns " + QByteArray::number(columns) + " >>";
    const Decoded d = decode(zlib(pngEncode(data, rowBytes, pixelBytes, tag)), "/FlateDecode", parms);
    QVERIFY(d.ok);
    QCOMPARE(d.data, data);
    // The same through /LZWDecode, which shares the predictor.
    const Decoded viaLzw
        = decode(lzwEncode(pngEncode(data, rowBytes, pixelBytes, tag), true), "/LZWDecode", parms);
    QVERIFY(viaLzw.ok);
    QCOMPARE(viaLzw.data, data);
}

void TestPdfStreamFilter::pngPartialLastRowIsPaddedAsQpdfDoes()
{
    // Two rows of 4 and a partial third row (tag 2 and one byte): qpdf completes it with zeros.
    const QByteArray encoded = QByteArray::fromHex("0001020304"
                                                   "0201010101"
                                                   "0207");
    const Decoded d = decode(zlib(encoded), "/FlateDecode", "<< /Predictor 12 /Columns 4 >>");
    QVERIFY(d.ok);
    QCOMPARE(d.data.toHex(),
        QByteArray("01020304"
                   "02030405"
                   "09030405"));
}

void TestPdfStreamFilter::tiffPredictor_data()
{
    QTest::addColumn<int>("colors");
    QTest::addColumn<int>("bits");
    QTest::addColumn<int>("columns");
    QTest::newRow("gray8") << 1 << 8 << 31;
    QTest::newRow("rgb8") << 3 << 8 << 10;
    QTest::newRow("rgb16") << 3 << 16 << 7;
    QTest::newRow("two-colors-4bit") << 2 << 4 << 9;
    QTest::newRow("gray2") << 1 << 2 << 13;
    QTest::newRow("gray1") << 1 << 1 << 21;
}

void TestPdfStreamFilter::tiffPredictor()
{
    QFETCH(int, colors);
    QFETCH(int, bits);
    QFETCH(int, columns);
    const qsizetype rowBytes = (qsizetype(columns) * colors * bits + 7) / 8;
    // Whole rows with the padding bits of each row clear: TIFF leaves them as they are.
    QByteArray data = sampleBytes(rowBytes * 30, quint32(colors * 10 + bits));
    const int padding = int(rowBytes * 8 - qsizetype(columns) * colors * bits);
    for (qsizetype r = rowBytes - 1; r < data.size(); r += rowBytes)
        data[r] = char(uchar(data[r]) & uchar(0xff << padding));
    const QByteArray parms = "<< /Predictor 2 /Colors " + QByteArray::number(colors) + " /BitsPerComponent "
        + QByteArray::number(bits) + " /Columns " + QByteArray::number(columns) + " >>";
    const Decoded d = decode(zlib(tiffEncode(data, columns, colors, bits)), "/FlateDecode", parms);
    QVERIFY(d.ok);
    QCOMPARE(d.data.toHex(), data.toHex());
}

void TestPdfStreamFilter::lzwSpecificationExample()
{
    // ISO 32000-1 §7.4.4.2, Example 1: the bytes 45 45 45 45 45 65 45 45 45 66 (decimal) encode as these
    // nine.
    const Decoded d = decode(QByteArray::fromHex("800B6050220C0C8501"), "/LZWDecode");
    QVERIFY(d.ok);
    QCOMPARE(d.data, QByteArray("-----A---B"));
}

void TestPdfStreamFilter::lzwRoundTrip_data()
{
    QTest::addColumn<QByteArray>("data");
    QTest::addColumn<bool>("earlyChange");
    const QByteArray text = sampleBytes(150000, 7); // fills and clears the table several times
    QTest::newRow("early-change") << text << true;
    QTest::newRow("late-change") << text << false;
    QTest::newRow("one-byte-repeated") << QByteArray(20000, 'x') << true; // KwKwK codes throughout
    QTest::newRow("empty") << QByteArray() << true;
}

void TestPdfStreamFilter::lzwRoundTrip()
{
    QFETCH(QByteArray, data);
    QFETCH(bool, earlyChange);
    const Decoded d = decode(lzwEncode(data, earlyChange), "/LZWDecode",
        earlyChange ? QByteArray() : QByteArray("<< /EarlyChange 0 >>"));
    QVERIFY(d.ok);
    QCOMPARE(d.data, data);
}

void TestPdfStreamFilter::lzwBadCodeFails()
{
    // Clear, then code 300 although no entry exists yet.
    QByteArray bad;
    const quint32 codes = (256U << 9) | 300U; // two 9-bit codes, 18 bits
    bad.append(char(codes >> 10)).append(char(codes >> 2)).append(char(codes << 6));
    QVERIFY(!decode(bad, "/LZWDecode").ok);
}

void TestPdfStreamFilter::runLength()
{
    // Length byte 2: copy three bytes; 253: repeat the next byte 257 - 253 = 4 times; 128: end of data.
    const Decoded d = decode(QByteArray::fromHex("02616263fd7a80"), "/RunLengthDecode");
    QVERIFY(d.ok);
    QCOMPARE(d.data, QByteArray("abczzzz"));
}

void TestPdfStreamFilter::budgetStopsEveryStage()
{
    // A deflated run of whitespace under /ASCIIHexDecode decodes to nothing at the end of the chain; only the
    // budget, which counts every stage, stops it.
    const QByteArray whitespace = zlib(QByteArray(8 * 1024 * 1024, ' '));
    QElapsedTimer timer;
    timer.start();
    PdfDecodeBudget budget(1024 * 1024);
    budget.setStream(u"the test stream"_s);
    const Decoded d = decode(whitespace, "[/FlateDecode /ASCIIHexDecode]");
    QVERIFY(!d.ok);
    QVERIFY(budget.exceeded());
    QCOMPARE(budget.exceededStream(), u"the test stream"_s);
    QVERIFY(d.data.isEmpty());
    QVERIFY(timer.elapsed() < 2000);
}

void TestPdfStreamFilter::budgetCoversAllStreams()
{
    // One budget for the document: a second stream fails once the first has spent it.
    PdfDecodeBudget budget(100);
    QVERIFY(decode(zlib(QByteArray(60, 'a')), "/FlateDecode").ok);
    QVERIFY(!budget.exceeded());
    QVERIFY(!decode(zlib(QByteArray(60, 'a')), "/FlateDecode").ok);
    QVERIFY(budget.exceeded());
}

void TestPdfStreamFilter::withoutBudgetEachStreamIsCapped()
{
    QVERIFY(!PdfDecodeBudget::current());
    const qint64 cap = PdfStreamFilter::UnbudgetedMaxBytes;
    QVERIFY(decode(zlib(QByteArray(cap, '\0')), "/FlateDecode").ok);
    QVERIFY(!decode(zlib(QByteArray(cap + 1, '\0')), "/FlateDecode").ok);
}

QTEST_APPLESS_MAIN(TestPdfStreamFilter)
#include "TestPdfStreamFilter.moc"
