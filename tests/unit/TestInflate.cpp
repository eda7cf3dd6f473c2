#include "core/Inflate.h"

#include <QTest>
#include <zlib.h>

using namespace Qt::StringLiterals;
using namespace ades;

namespace {

// `data` compressed by zlib itself in the given framing (zlib's windowBits convention).
QByteArray deflated(const QByteArray &data, int windowBits)
{
    z_stream stream {};
    deflateInit2(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, windowBits, 9, Z_DEFAULT_STRATEGY);
    QByteArray out(qsizetype(deflateBound(&stream, uLong(data.size()))) + 64, '\0');
    stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data.constData()));
    stream.avail_in = uInt(data.size());
    stream.next_out = reinterpret_cast<Bytef *>(out.data());
    stream.avail_out = uInt(out.size());
    deflate(&stream, Z_FINISH);
    out.truncate(qsizetype(stream.total_out));
    deflateEnd(&stream);
    return out;
}

QByteArray gzipped(const QByteArray &data)
{
    return deflated(data, 16 + MAX_WBITS);
}

} // namespace

// core/Inflate.h: every framing, the cap that stops a decompression bomb, and damage never passed off as
// data.
class TestInflate : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyFraming();
    void capStopsABomb();
    void severalGzipMembersAreOneStream();
    void damageIsNeverData_data();
    void damageIsNeverData();
};

void TestInflate::everyFraming()
{
    const QByteArray text = QByteArray("Grüße aus Köln, ").repeated(500);
    QCOMPARE(*Inflate::inflate(gzipped(text), Inflate::Framing::Gzip, 1 << 20).bytes, text);
    QCOMPARE(*Inflate::inflate(deflated(text, MAX_WBITS), Inflate::Framing::Zlib, 1 << 20).bytes, text);
    QCOMPARE(
        *Inflate::inflate(deflated(text, -MAX_WBITS), Inflate::Framing::RawDeflate, 1 << 20).bytes, text);
    QVERIFY(Inflate::isGzip(gzipped(text)));
    QVERIFY(!Inflate::isGzip(text));
    QCOMPARE(*Inflate::inflate(gzipped(QByteArray()), Inflate::Framing::Gzip, 0).bytes, QByteArray());
}

void TestInflate::capStopsABomb()
{
    // 64 MiB of zeros compress to about 64 KiB.
    const QByteArray bomb = gzipped(QByteArray(64 * 1024 * 1024, '\0'));
    QVERIFY(bomb.size() < 100 * 1024);
    const Inflate::Outcome outcome = Inflate::inflate(bomb, Inflate::Framing::Gzip, 1024 * 1024);
    QVERIFY(!outcome.bytes);
    QVERIFY(outcome.tooLarge);
    // Exactly at the cap is allowed.
    QCOMPARE(
        Inflate::inflate(gzipped(QByteArray(1000, 'a')), Inflate::Framing::Gzip, 1000).bytes->size(), 1000);
    QVERIFY(Inflate::inflate(gzipped(QByteArray(1001, 'a')), Inflate::Framing::Gzip, 1000).tooLarge);
}

void TestInflate::severalGzipMembersAreOneStream()
{
    const QByteArray joined = gzipped("first, ") + gzipped("second");
    QCOMPARE(*Inflate::inflate(joined, Inflate::Framing::Gzip, 1024).bytes, QByteArray("first, second"));
}

void TestInflate::damageIsNeverData_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<int>("framing");
    const QByteArray member = gzipped(QByteArray("some text that is long enough to matter ").repeated(20));
    QTest::newRow("truncated") << member.left(member.size() / 2) << int(Inflate::Framing::Gzip);
    QTest::newRow("trailer-cut") << member.left(member.size() - 3) << int(Inflate::Framing::Gzip);
    QByteArray flipped = member;
    flipped[member.size() - 6] = char(flipped[member.size() - 6] ^ 0x55); // the CRC-32
    QTest::newRow("crc-wrong") << flipped << int(Inflate::Framing::Gzip);
    QTest::newRow("stray-bytes") << member + "garbage" << int(Inflate::Framing::Gzip);
    QTest::newRow("not-compressed") << QByteArray("plain text") << int(Inflate::Framing::Zlib);
    QTest::newRow("empty-zlib") << QByteArray() << int(Inflate::Framing::Zlib);
}

void TestInflate::damageIsNeverData()
{
    QFETCH(QByteArray, input);
    QFETCH(int, framing);
    const Inflate::Outcome outcome = Inflate::inflate(input, Inflate::Framing(framing), 1 << 20);
    QVERIFY(!outcome.bytes);
    QVERIFY(!outcome.tooLarge);
    QVERIFY(!outcome.problem.isEmpty());
}

QTEST_GUILESS_MAIN(TestInflate)
#include "TestInflate.moc"
