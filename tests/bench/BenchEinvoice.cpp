#include "TestData.h"
#include "ops/eu/einvoice/EinvoiceValidator.h"
#include "ops/eu/einvoice/XmlDocument.h"

#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QTest>
#include <algorithm>
#include <ctime>
#include <functional>

using namespace Qt::StringLiterals;
using namespace ades::eu;

// Invoices per second per core over the shared corpus, UBL and CII separately, all documents held in memory
// so that only validation is timed: the CEN base layer alone (parse + map + rules), and with the extension
// layers BT-24 selects (Peppol, XRechnung, Factur-X). The official warm Java/XSLT path takes 2-3 ms per
// invoice for the base layer (reference en16931.md §10); the goals are <= 0.1 ms base, <= 0.2 ms with layers.
class BenchEinvoice : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void corpus_data();
    void corpus();
    void single_data();
    void single();
    void parseOnly_data();
    void parseOnly();
    // The Peppol layer forced onto every corpus document (its worst case: most documents are not Peppol
    // invoices and would not select it), against the base layer alone in the same run.
    void peppolLayer_data();
    void peppolLayer();
    // A Factur-X profile layer on the corpus's CII documents of that profile (their hybrid PDFs carry the
    // same XML), against the base layer alone in the same run.
    void facturxLayer_data();
    void facturxLayer();
};

namespace {

QByteArray loadExample(const QString &relativePath)
{
    QFile file(ades::test::sharedDataDir() + u"/einvoice/invoices/"_s + relativePath);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// One CEN example per syntax, so that `-callgrind` gives stable instruction counts for both.
void addExampleRows()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("ubl") << u"ubl/cen-examples/ubl-tc434-example1.xml"_s;
    QTest::newRow("cii") << u"cii/cen-examples/CII_example1.xml"_s;
}

QList<QByteArray> loadFolder(const QString &syntax)
{
    QList<QByteArray> documents;
    QDirIterator it(ades::test::sharedDataDir() + u"/einvoice/invoices/"_s + syntax, QDir::Files,
        QDirIterator::Subdirectories);
    while (it.hasNext()) {
        QFile file(it.next());
        if (file.open(QIODevice::ReadOnly))
            documents.append(file.readAll());
    }
    return documents;
}

} // namespace

namespace {

double threadCpuSeconds()
{
    timespec t {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) / 1e9;
}

// CPU milliseconds per document of validating `documents` under `options`, the best of 6 passes (the first
// warms up and never is the best one alone); `tally` sees every report, so the work cannot be optimised away.
double bestMsPerDocument(const QList<QByteArray> &documents, const ValidationOptions &options,
    const std::function<void(const ValidationReport &)> &tally)
{
    double best = 1e300;
    for (int pass = 0; pass < 6; ++pass) {
        const double start = threadCpuSeconds();
        for (const QByteArray &d : documents)
            tally(EinvoiceValidator::validate(d, options));
        best = std::min(best, threadCpuSeconds() - start);
    }
    return best * 1000.0 / double(documents.size());
}

} // namespace

void BenchEinvoice::corpus_data()
{
    QTest::addColumn<QString>("syntax");
    QTest::addColumn<bool>("layers");
    QTest::newRow("ubl") << u"ubl"_s << false;
    QTest::newRow("cii") << u"cii"_s << false;
    QTest::newRow("ubl-layers") << u"ubl"_s << true;
    QTest::newRow("cii-layers") << u"cii"_s << true;
    // The largest profile layer on its own documents (the Factur-X EXTENDED samples), without and with it.
    QTest::newRow("extended") << u"cii/zugferd-2.4/EXTENDED"_s << false;
    QTest::newRow("extended-layers") << u"cii/zugferd-2.4/EXTENDED"_s << true;
}

void BenchEinvoice::corpus()
{
    ADES_REQUIRE_SHARED_DATA();
    QFETCH(QString, syntax);
    QFETCH(bool, layers);
    const QList<QByteArray> documents = loadFolder(syntax);
    ValidationOptions options;
    if (!layers)
        options.layers = QStringList(); // the base layer only
    int layersRun = 0;
    QVERIFY(!documents.isEmpty());
    qint64 bytes = 0;
    for (const QByteArray &d : documents)
        bytes += d.size();

    int findings = 0;
    for (const QByteArray &d : documents) { // warm-up pass (code lists, allocator)
        const ValidationReport report = EinvoiceValidator::validate(d, options);
        findings += int(report.findings.size());
        for (const LayerReport &layer : report.layers)
            layersRun += layer.checked ? 1 : 0;
    }
    QVERIFY(findings > 0);

    // Each pass is timed on its own, by the wall clock and by this thread's CPU clock: on a shared machine
    // the CPU time leaves out the time other processes held the core, and the best pass the passes they
    // disturbed most. All four figures are printed; docs/benchmarks.md says which it records.
    constexpr int Passes = 5;
    double bestWall = 1e300;
    double bestCpu = 1e300;
    double totalWall = 0;
    double totalCpu = 0;
    for (int pass = 0; pass < Passes; ++pass) {
        QElapsedTimer wall;
        const double cpuStart = threadCpuSeconds();
        wall.start();
        for (const QByteArray &d : documents)
            findings += int(EinvoiceValidator::validate(d, options).findings.size());
        const double wallSeconds = double(wall.nsecsElapsed()) / 1e9;
        const double cpuSeconds = threadCpuSeconds() - cpuStart;
        bestWall = std::min(bestWall, wallSeconds);
        bestCpu = std::min(bestCpu, cpuSeconds);
        totalWall += wallSeconds;
        totalCpu += cpuSeconds;
    }
    const double perPass = double(documents.size());
    auto ms = [perPass](double seconds) { return seconds * 1000.0 / perPass; };
    qInfo(
        "%s%s: %lld documents (%.1f KB average, %d extension layer runs per pass); ms per invoice: wall mean "
        "%.4f best %.4f, CPU mean %.4f best %.4f; %.0f invoices/s per core (CPU, best pass), %.1f MB/s",
        qPrintable(syntax), layers ? " with layers" : "", qlonglong(documents.size()),
        double(bytes) / documents.size() / 1024.0, layersRun, ms(totalWall / Passes), ms(bestWall),
        ms(totalCpu / Passes), ms(bestCpu), perPass / bestCpu, double(bytes) / bestCpu / 1e6);
}

void BenchEinvoice::peppolLayer_data()
{
    QTest::addColumn<QString>("syntax");
    QTest::newRow("ubl") << u"ubl"_s;
    QTest::newRow("cii") << u"cii"_s;
}

void BenchEinvoice::peppolLayer()
{
    ADES_REQUIRE_SHARED_DATA();
    QFETCH(QString, syntax);
    const QList<QByteArray> documents = loadFolder(syntax);
    QVERIFY(!documents.isEmpty());
    ValidationOptions base;
    base.layers = QStringList();
    ValidationOptions peppol;
    peppol.layers = QStringList { u"peppol"_s };
    qint64 findings = 0;
    const auto countFindings
        = [&findings](const ValidationReport &report) { findings += report.findings.size(); };
    const double baseMs = bestMsPerDocument(documents, base, countFindings);
    const double peppolMs = bestMsPerDocument(documents, peppol, countFindings);
    QVERIFY(findings > 0);
    qInfo("%s: %lld documents; CPU ms per invoice, best of 6 passes: base %.4f, base + peppol %.4f (layer "
          "%.4f)",
        qPrintable(syntax), qlonglong(documents.size()), baseMs, peppolMs, peppolMs - baseMs);
}

void BenchEinvoice::facturxLayer_data()
{
    QTest::addColumn<QString>("profile");
    QTest::newRow("BASIC") << u"BASIC"_s;
    QTest::newRow("EN16931") << u"EN16931"_s;
}

void BenchEinvoice::facturxLayer()
{
    ADES_REQUIRE_SHARED_DATA();
    QFETCH(QString, profile);
    const QList<QByteArray> documents = loadFolder(u"cii/zugferd-2.4/"_s + profile);
    QVERIFY(!documents.isEmpty());
    ValidationOptions base;
    base.layers = QStringList();
    ValidationOptions withLayer;
    withLayer.layers = QStringList { u"facturx-"_s + profile };
    qint64 checked = 0;
    const auto countChecked = [&checked](const ValidationReport &report) {
        for (const LayerReport &layer : report.layers)
            checked += layer.checked ? 1 : 0;
    };
    const double baseMs = bestMsPerDocument(documents, base, countChecked);
    const double layerMs = bestMsPerDocument(documents, withLayer, countChecked);
    QVERIFY(checked > 0);
    qInfo(
        "%s: %lld documents; CPU ms per invoice, best of 6 passes: base %.4f, base + facturx-%s %.4f (layer "
        "%.4f)",
        qPrintable(profile), qlonglong(documents.size()), baseMs, qPrintable(profile), layerMs,
        layerMs - baseMs);
}

void BenchEinvoice::single_data()
{
    addExampleRows();
}

void BenchEinvoice::single()
{
    ADES_REQUIRE_SHARED_DATA();
    QFETCH(QString, file);
    const QByteArray xml = loadExample(file);
    QVERIFY(!xml.isEmpty());
    QBENCHMARK
    {
        const ValidationReport report = EinvoiceValidator::validate(xml);
        QVERIFY(report.isValid());
    }
}

// The XML parse alone (the DOM every rule reads), to see its share of single().
void BenchEinvoice::parseOnly_data()
{
    addExampleRows();
}

void BenchEinvoice::parseOnly()
{
    ADES_REQUIRE_SHARED_DATA();
    QFETCH(QString, file);
    const QByteArray xml = loadExample(file);
    QVERIFY(!xml.isEmpty());
    QBENCHMARK
    {
        const ades::Result<XmlDocument> doc = XmlDocument::parse(xml);
        QVERIFY(doc.ok());
    }
}

QTEST_GUILESS_MAIN(BenchEinvoice)
#include "BenchEinvoice.moc"
