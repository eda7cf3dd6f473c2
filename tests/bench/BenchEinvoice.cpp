#include "TestData.h"
#include "ops/eu/einvoice/EinvoiceValidator.h"
#include "ops/eu/einvoice/XmlDocument.h"

#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades::eu;

// Invoices per second per core for the CEN layer (parse + map + rules) over the shared corpus, UBL and
// CII separately, all documents held in memory so that only validation is timed. The official warm
// Java/XSLT path takes 2-3 ms per invoice (reference en16931.md §10); the goal is <= 0.1 ms.
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

void BenchEinvoice::corpus_data()
{
    QTest::addColumn<QString>("syntax");
    QTest::newRow("ubl") << u"ubl"_s;
    QTest::newRow("cii") << u"cii"_s;
}

void BenchEinvoice::corpus()
{
    ADES_REQUIRE_SHARED_DATA();
    QFETCH(QString, syntax);
    const QList<QByteArray> documents = loadFolder(syntax);
    QVERIFY(!documents.isEmpty());
    qint64 bytes = 0;
    for (const QByteArray &d : documents)
        bytes += d.size();

    int findings = 0;
    for (const QByteArray &d : documents) // warm-up pass (code lists, allocator)
        findings += int(EinvoiceValidator::validate(d).findings.size());
    QVERIFY(findings > 0);

    constexpr int Passes = 5;
    QElapsedTimer timer;
    timer.start();
    for (int pass = 0; pass < Passes; ++pass) {
        for (const QByteArray &d : documents)
            findings += int(EinvoiceValidator::validate(d).findings.size());
    }
    const double seconds = double(timer.nsecsElapsed()) / 1e9;
    const double invoices = double(documents.size()) * Passes;
    qInfo("%s: %lld documents (%.1f KB average), %.0f invoices/s on one core, %.4f ms per invoice, %.1f MB/s",
        qPrintable(syntax), qlonglong(documents.size()), double(bytes) / documents.size() / 1024.0,
        invoices / seconds, seconds * 1000.0 / invoices, double(bytes) * Passes / seconds / 1e6);
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
