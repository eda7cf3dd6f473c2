// The web reader's own cost of fetching, without the network (docs/web-reader.md, "Fetching safely"): the
// SSRF guard on one URL (a public name, a public IPv6 literal, a hostile decimal spelling), reading a 1 MiB
// chunked response, inflating 1 MiB of gzip, and the charset detection and decoding of a 1 MiB page.
#include "ops/web/fetch/BodyInflater.h"
#include "ops/web/fetch/CharsetDecoder.h"
#include "ops/web/fetch/HttpResponseReader.h"
#include "ops/web/fetch/UrlGuard.h"

#include <QTest>
#include <zlib.h>

using namespace Qt::StringLiterals;
using namespace ades::web;

namespace {

QByteArray page(qsizetype bytes)
{
    QByteArray html = "<html><head><meta charset=\"windows-1252\"><title>x</title></head><body>";
    while (html.size() < bytes)
        html += "<p>Gr\xfc\xdf"
                "e aus K\xf6ln, ein Absatz mit etwas Text und einem <a href=\"/x\">Link</a>.</p>\n";
    return html + "</body></html>";
}

QByteArray gzip(const QByteArray &data)
{
    z_stream stream {};
    deflateInit2(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
    QByteArray out(int(deflateBound(&stream, uLong(data.size()))), Qt::Uninitialized);
    stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data.constData()));
    stream.avail_in = uInt(data.size());
    stream.next_out = reinterpret_cast<Bytef *>(out.data());
    stream.avail_out = uInt(out.size());
    deflate(&stream, Z_FINISH);
    out.resize(qsizetype(stream.total_out));
    deflateEnd(&stream);
    return out;
}

} // namespace

class BenchWebFetch : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void guard_data()
    {
        QTest::addColumn<QString>("url");
        QTest::newRow("public name") << u"https://www.example.com/news/2024/article.html?id=7"_s;
        QTest::newRow("public IPv6") << u"https://[2606:4700:4700::1111]/"_s;
        QTest::newRow("hostile decimal") << u"https://2130706433/"_s;
    }

    void guard()
    {
        QFETCH(QString, url);
        const UrlGuard guard { FetchOptions() };
        QBENCHMARK
        {
            const auto checked = guard.check(url);
            Q_UNUSED(checked);
        }
    }

    void readChunkedMebibyte()
    {
        const QByteArray body = page(1024 * 1024);
        QByteArray wire = "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nTransfer-Encoding: chunked\r\n\r\n";
        for (qsizetype at = 0; at < body.size(); at += 16 * 1024) {
            const QByteArray chunk = body.mid(at, 16 * 1024);
            wire += QByteArray::number(chunk.size(), 16) + "\r\n" + chunk + "\r\n";
        }
        wire += "0\r\n\r\n";
        QBENCHMARK
        {
            HttpResponseReader reader(8 * 1024 * 1024);
            for (qsizetype at = 0; at < wire.size(); at += 16 * 1024)
                reader.feed(QByteArrayView(wire).sliced(at, qMin<qsizetype>(16 * 1024, wire.size() - at)));
            QVERIFY(reader.state() == HttpResponseReader::State::Done);
        }
    }

    void inflateMebibyte()
    {
        const QByteArray compressed = gzip(page(1024 * 1024));
        QBENCHMARK
        {
            const auto out = BodyInflater::decode(compressed, "gzip", 8 * 1024 * 1024);
            QVERIFY(out.bytes.has_value());
        }
    }

    void decodeMebibyte()
    {
        const QByteArray bytes = page(1024 * 1024);
        QBENCHMARK
        {
            const auto decoded = CharsetDecoder::decode(bytes, "text/html", true);
            QVERIFY(decoded.charset == u"windows-1252"_s);
        }
    }
};

QTEST_GUILESS_MAIN(BenchWebFetch)
#include "BenchWebFetch.moc"
