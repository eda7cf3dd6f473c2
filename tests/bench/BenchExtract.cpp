#include "TestData.h"
#include "ops/extract/DocumentExtraction.h"
#include "ops/extract/ImageDecoder.h"
#include "ops/extract/OcrPreprocessor.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTest>
#include <algorithm>

using namespace Qt::StringLiterals;
using namespace ades::extract;

// Time per document of extract.document on one thread, held in memory: SROIE receipt photos end to end
// (decode, preprocess, Tesseract eng+deu, fields; the first call's model loading is excluded), the
// preprocessing alone, and a text-layer PDF. Prints median and 90th percentile; docs/extract.md records
// them.
class BenchExtract : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void receipts();
    void textLayerPdf();
};

namespace {

void report(const char *what, QList<qint64> ms)
{
    std::sort(ms.begin(), ms.end());
    if (ms.isEmpty())
        return;
    qInfo("%s: %lld documents, median %lld ms, p90 %lld ms", what, qint64(ms.size()), ms.at(ms.size() / 2),
        ms.at(qMin(ms.size() - 1, ms.size() * 9 / 10)));
}

} // namespace

void BenchExtract::receipts()
{
    ADES_REQUIRE_SHARED_DATA();
    const QString dir = ades::test::sharedDataDir() + u"/ocr/sroie/img/"_s;
    const QStringList names = QDir(dir).entryList({ u"*.jpg"_s }, QDir::Files, QDir::Name).mid(0, 20);
    QVERIFY(!names.isEmpty());
    const ExtractLimits limits;
    QList<QByteArray> files;
    for (const QString &n : names) {
        QFile f(dir + n);
        QVERIFY(f.open(QIODevice::ReadOnly));
        files << f.readAll();
    }
    (void)DocumentExtraction::run(files.first(), u"warm-up"_s, limits); // loads the models once
    QList<qint64> whole, preprocessing;
    for (const QByteArray &bytes : files) {
        QElapsedTimer t;
        t.start();
        const auto image = ImageDecoder::decode(bytes, limits.maxPixels);
        QVERIFY(image.ok());
        (void)OcrPreprocessor::prepare(image.value());
        preprocessing << t.elapsed();
        t.restart();
        QVERIFY(DocumentExtraction::run(bytes, u"r.jpg"_s, limits).ok());
        whole << t.elapsed();
    }
    report("decode + preprocessing", preprocessing);
    report("receipt photo end to end", whole);
}

void BenchExtract::textLayerPdf()
{
    QFile f(ades::test::sourceDir() + u"/tests/fuzz/seeds/ExtractPdf/text-layer.pdf"_s);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray pdf = f.readAll();
    const ExtractLimits limits;
    QList<qint64> us;
    for (int i = 0; i < 200; ++i) {
        QElapsedTimer t;
        t.start();
        QVERIFY(DocumentExtraction::run(pdf, u"t.pdf"_s, limits).ok());
        us << t.nsecsElapsed() / 1000;
    }
    std::sort(us.begin(), us.end());
    qInfo("text-layer PDF: median %lld µs", us.at(us.size() / 2));
}

QTEST_GUILESS_MAIN(BenchExtract)
#include "BenchExtract.moc"
