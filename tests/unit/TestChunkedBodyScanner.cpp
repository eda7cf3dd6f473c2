#include "http/ChunkedBodyScanner.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;

namespace {

QByteArray chunk(qsizetype size)
{
    return QByteArray::number(size, 16) + "\r\n" + QByteArray(size, 'c') + "\r\n";
}

} // namespace

class TestChunkedBodyScanner : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void scan_data();
    void scan();
    void stopsAtTheEndOfTheBody();
    void bodyLimitsAreItsOwn();
};

void TestChunkedBodyScanner::scan_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<bool>("valid"); // complete and valid; otherwise invalid (400)

    QTest::newRow("empty-body") << QByteArray("0\r\n\r\n") << true;
    QTest::newRow("chunks") << chunk(5) + chunk(300) + "0\r\n\r\n" << true;
    QTest::newRow("upper-hex") << QByteArray("A\r\n0123456789\r\n0\r\n\r\n") << true;
    QTest::newRow("extensions") << QByteArray("5 ;a=b;c=\"d e\"\r\nhello\r\n0;x\r\n\r\n") << true;
    QTest::newRow("trailer") << chunk(5) + "0\r\nX-Checksum: abc\r\nY:\r\n\r\n" << true;
    QTest::newRow("not-hex") << QByteArray("zz\r\nhello\r\n0\r\n\r\n") << false;
    QTest::newRow("hex-prefix") << QByteArray("0x5\r\nhello\r\n0\r\n\r\n") << false;
    QTest::newRow("sign") << QByteArray("+5\r\nhello\r\n0\r\n\r\n") << false;
    QTest::newRow("leading-space") << QByteArray(" 5\r\nhello\r\n0\r\n\r\n") << false;
    QTest::newRow("trailing-space-no-extension") << QByteArray("5 \r\nhello\r\n0\r\n\r\n") << false;
    QTest::newRow("empty-size") << QByteArray("\r\nhello\r\n0\r\n\r\n") << false;
    QTest::newRow("size-too-long") << QByteArray("1000000000000000\r\n") << false;
    QTest::newRow("bare-lf-size") << QByteArray("5\nhello\r\n0\r\n\r\n") << false;
    QTest::newRow("bare-cr-size") << QByteArray("5\rhello\r\n0\r\n\r\n") << false;
    QTest::newRow("data-longer-than-size") << QByteArray("5\r\nhello!\r\n0\r\n\r\n") << false;
    QTest::newRow("data-lf-only") << QByteArray("5\r\nhello\n0\r\n\r\n") << false;
    QTest::newRow("control-in-extension") << QByteArray("5;a\x01\r\nhello\r\n0\r\n\r\n") << false;
    QTest::newRow("trailer-garbage") << chunk(5) + "0\r\nGARBAGE\r\n\r\n" << false;
    QTest::newRow("trailer-request-line") << chunk(5) + "0\r\nGET / HTTP/1.1\r\n\r\n" << false;
    QTest::newRow("trailer-folded") << chunk(5) + "0\r\nX: a\r\n b\r\n\r\n" << false;
    QTest::newRow("trailer-bare-lf-end") << chunk(5) + "0\r\n\n" << false;
}

// Whole or one byte at a time, the verdict and the byte count are the same: reads may split anywhere.
void TestChunkedBodyScanner::scan()
{
    QFETCH(QByteArray, body);
    QFETCH(bool, valid);

    ChunkedBodyScanner whole;
    const qsizetype taken = whole.feed(body);
    ChunkedBodyScanner bytewise;
    for (qsizetype i = 0; i < body.size() && bytewise.state() == ChunkedBodyScanner::State::InProgress; ++i)
        QVERIFY(bytewise.feed(body.sliced(i, 1)) <= 1);
    QCOMPARE(whole.state(), valid ? ChunkedBodyScanner::State::Complete : ChunkedBodyScanner::State::Invalid);
    QCOMPARE(bytewise.state(), whole.state());
    QCOMPARE(bytewise.wireBytes(), whole.wireBytes());
    QCOMPARE(whole.wireBytes(), qint64(taken));
    if (valid) {
        QCOMPARE(taken, body.size());
        QVERIFY(whole.trailerStart() > 0 && whole.trailerStart() < whole.wireBytes());
        QCOMPARE(bytewise.trailerStart(), whole.trailerStart());
    } else {
        QCOMPARE(whole.error().code(), u"invalid_chunked_body"_s);
        QCOMPARE(whole.error().httpStatus(), 400);
        QVERIFY(!whole.error().message().isEmpty());
    }
}

void TestChunkedBodyScanner::stopsAtTheEndOfTheBody()
{
    const QByteArray body = chunk(3) + "0\r\nX: 1\r\n\r\n";
    const QByteArray next = "GET / HTTP/1.1\r\n\r\n";
    ChunkedBodyScanner scanner;
    QCOMPARE(scanner.feed(QByteArray(body + next)), body.size());
    QCOMPARE(scanner.state(), ChunkedBodyScanner::State::Complete);
    QCOMPARE(scanner.trailerStart(), qint64(chunk(3).size() + 3));
    QCOMPARE(scanner.feed(next), 0); // nothing more once complete
    QCOMPARE(scanner.wireBytes(), qint64(body.size()));
}

void TestChunkedBodyScanner::bodyLimitsAreItsOwn()
{
    ChunkedBodyScanner shortLines(8, 16);
    shortLines.feed("5;abcdefgh\r\n");
    QCOMPARE(shortLines.state(), ChunkedBodyScanner::State::Invalid);

    ChunkedBodyScanner smallTrailer(64, 16);
    smallTrailer.feed("0\r\nX-Long-Field: 1234567890\r\n\r\n");
    QCOMPARE(smallTrailer.state(), ChunkedBodyScanner::State::Invalid);
    QVERIFY(smallTrailer.error().message().contains(u"16"_s));
}

QTEST_APPLESS_MAIN(TestChunkedBodyScanner)
#include "TestChunkedBodyScanner.moc"
