#include "ExtractionScore.h"
#include "TestData.h"
#include "ops/web/article/ArticleExtractor.h"

#include <QFile>
#include <QRegularExpression>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::test;

// The web reader's extraction on the benchmark corpus of ../shared/data/web/extraction/, scored as the
// benchmark scores it, against the floors recorded in docs/conformance.md ("Web reader extraction"): a
// figure may only improve. Also checks that the scorer reproduces the anchors' published figures, so the
// floors are measured with the benchmark's own yardstick.
class TestWebExtraction : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void scorerReproducesAnchors_data();
    void scorerReproducesAnchors();
    void qualityMeetsRecordedFloor();
    void metadataOnEveryPage();

private:
    double recorded(const QString &key) const;

    QHash<QString, QString> m_truth;
    QHash<QString, QString> m_urls;
    QHash<QString, double> m_recorded;
};

void TestWebExtraction::initTestCase()
{
    QFile doc(sourceDir() + u"/docs/conformance.md"_s);
    QVERIFY2(doc.open(QIODevice::ReadOnly), "docs/conformance.md is missing");
    static const QRegularExpression row(uR"(^\|\s*`(web\.extraction\.[a-z0-9_.]+)`\s*\|\s*([0-9.]+)\s*\|)"_s,
        QRegularExpression::MultilineOption);
    auto it = row.globalMatch(QString::fromUtf8(doc.readAll()));
    while (it.hasNext()) {
        const auto m = it.next();
        m_recorded.insert(m.captured(1), m.captured(2).toDouble());
    }
    if (ExtractionCorpus::directory().isEmpty())
        return;
    m_truth = ExtractionCorpus::truth(&m_urls);
    QCOMPARE(m_truth.size(), 121);
}

double TestWebExtraction::recorded(const QString &key) const
{
    if (!m_recorded.contains(key))
        qWarning("docs/conformance.md records no figure for %s", qPrintable(key));
    return m_recorded.value(key, 2.0); // a missing floor fails
}

void TestWebExtraction::scorerReproducesAnchors_data()
{
    QTest::addColumn<QString>("system");
    QTest::addColumn<double>("f1");
    QTest::addColumn<double>("precision");
    QTest::addColumn<double>("recall");
    QTest::addColumn<double>("accuracy");
    // The corpus README's table (the benchmark's own evaluate.py on these 121 pages).
    QTest::newRow("rs_trafilatura") << u"rs_trafilatura"_s << 0.970 << 0.951 << 0.991 << 0.289;
    QTest::newRow("go_trafilatura") << u"go_trafilatura"_s << 0.967 << 0.950 << 0.984 << 0.281;
    QTest::newRow("newspaper") << u"newspaper"_s << 0.958 << 0.976 << 0.940 << 0.306;
    QTest::newRow("trafilatura") << u"trafilatura"_s << 0.957 << 0.937 << 0.978 << 0.289;
    QTest::newRow("readability_js") << u"readability_js"_s << 0.954 << 0.927 << 0.982 << 0.190;
    QTest::newRow("justext") << u"justext"_s << 0.813 << 0.861 << 0.770 << 0.066;
    QTest::newRow("html-text") << u"html-text"_s << 0.684 << 0.522 << 0.994 << 0.000;
}

void TestWebExtraction::scorerReproducesAnchors()
{
    ADES_REQUIRE_SHARED_DATA();
    if (m_truth.isEmpty())
        QSKIP("../shared/data/web/extraction is absent");
    QFETCH(QString, system);
    const ExtractionScore::Figures f = ExtractionScore::score(m_truth, ExtractionCorpus::anchor(system));
    QCOMPARE(f.pages, 121);
    QFETCH(double, f1);
    QFETCH(double, precision);
    QFETCH(double, recall);
    QFETCH(double, accuracy);
    QVERIFY2(qAbs(f.f1 - f1) < 0.0005, qPrintable(u"F1 %1"_s.arg(f.f1)));
    QVERIFY2(qAbs(f.precision - precision) < 0.0005, qPrintable(u"precision %1"_s.arg(f.precision)));
    QVERIFY2(qAbs(f.recall - recall) < 0.0005, qPrintable(u"recall %1"_s.arg(f.recall)));
    QVERIFY2(qAbs(f.accuracy - accuracy) < 0.0005, qPrintable(u"accuracy %1"_s.arg(f.accuracy)));
}

void TestWebExtraction::qualityMeetsRecordedFloor()
{
    ADES_REQUIRE_SHARED_DATA();
    if (m_truth.isEmpty())
        QSKIP("../shared/data/web/extraction is absent");
    QHash<QString, QString> predictions;
    for (auto it = m_truth.cbegin(); it != m_truth.cend(); ++it) {
        const QByteArray html = ExtractionCorpus::html(it.key());
        QVERIFY2(!html.isEmpty(), qPrintable(it.key()));
        const Result<web::Article> article
            = web::ArticleExtractor::extract(html, QUrl(m_urls.value(it.key())));
        QVERIFY2(article.ok(), qPrintable(it.key()));
        predictions.insert(it.key(), article.value().text);
    }
    const ExtractionScore::Figures f = ExtractionScore::score(m_truth, predictions);
    qInfo("ADES on %d pages: F1 %.4f precision %.4f recall %.4f accuracy %.4f", f.pages, f.f1, f.precision,
        f.recall, f.accuracy);
    QVERIFY2(
        f.f1 >= recorded(u"web.extraction.f1"_s), qPrintable(u"F1 %1 below the recorded floor"_s.arg(f.f1)));
    QVERIFY2(f.precision >= recorded(u"web.extraction.precision"_s),
        qPrintable(u"precision %1 below the recorded floor"_s.arg(f.precision)));
    QVERIFY2(f.recall >= recorded(u"web.extraction.recall"_s),
        qPrintable(u"recall %1 below the recorded floor"_s.arg(f.recall)));
    QVERIFY2(f.accuracy >= recorded(u"web.extraction.accuracy"_s),
        qPrintable(u"accuracy %1 below the recorded floor"_s.arg(f.accuracy)));
}

void TestWebExtraction::metadataOnEveryPage()
{
    ADES_REQUIRE_SHARED_DATA();
    if (m_truth.isEmpty())
        QSKIP("../shared/data/web/extraction is absent");
    // Every page of the corpus names its title (<title> at least) and none of the extracted texts contains
    // the markup or the script text the extractor leaves out.
    int titled = 0;
    int languages = 0;
    for (auto it = m_truth.cbegin(); it != m_truth.cend(); ++it) {
        const Result<web::Article> article
            = web::ArticleExtractor::extract(ExtractionCorpus::html(it.key()), QUrl(m_urls.value(it.key())));
        QVERIFY(article.ok());
        titled += article.value().title.isEmpty() ? 0 : 1;
        languages += article.value().language.isEmpty() ? 0 : 1;
        QVERIFY2(!article.value().text.contains(u"function("_s), qPrintable(it.key()));
    }
    QCOMPARE(titled, m_truth.size());
    QVERIFY2(languages >= m_truth.size() * 3 / 4, qPrintable(u"%1 pages with a language"_s.arg(languages)));
}

QTEST_GUILESS_MAIN(TestWebExtraction)
#include "TestWebExtraction.moc"
