#include "TestData.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades::test;

namespace {

struct CliRun
{
    int exitCode = -1;
    QList<QJsonObject> lines;
};

} // namespace

// `ades einvoice validate` as a shell pipeline sees it: the built binary beside this test (build/app/ades).
class TestEinvoiceCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void exitCodes_data();
    void exitCodes();
    void readsStandardInput();

private:
    CliRun run(const QStringList &files, const QByteArray &input = {});

    QString m_binary;
    QTemporaryDir m_dir;
};

void TestEinvoiceCli::initTestCase()
{
    m_binary = QCoreApplication::applicationDirPath() + u"/../app/ades"_s;
    if (!QFileInfo(m_binary).isExecutable())
        QSKIP("the ades binary is not built beside the tests (build the `ades` target)");
}

CliRun TestEinvoiceCli::run(const QStringList &files, const QByteArray &input)
{
    QProcess process;
    process.start(m_binary, QStringList { u"einvoice"_s, u"validate"_s } + files);
    if (!input.isNull()) {
        process.write(input);
        process.closeWriteChannel();
    }
    CliRun out;
    if (!process.waitForFinished(30000))
        return out;
    out.exitCode = process.exitCode();
    const QList<QByteArray> lines = process.readAllStandardOutput().split('\n');
    for (const QByteArray &line : lines) {
        if (!line.isEmpty())
            out.lines.append(QJsonDocument::fromJson(line).object());
    }
    return out;
}

void TestEinvoiceCli::exitCodes_data()
{
    QTest::addColumn<QStringList>("corpusFiles"); // under ../shared/data/einvoice/invoices
    QTest::addColumn<QByteArray>("extraFileContent"); // written to a temporary file; null: none
    QTest::addColumn<int>("exitCode");
    QTest::newRow("valid-xml") << QStringList { u"cii/cen-examples/CII_example1.xml"_s } << QByteArray() << 0;
    QTest::newRow("valid-pdf") << QStringList { u"pdf/zugferd-2.4/BASIC/BASIC_Einfach_fx.pdf"_s }
                               << QByteArray() << 0;
    QTest::newRow("one-invalid") << QStringList { u"cii/cen-examples/CII_example1.xml"_s,
        u"cii/cen-unit/BR-CO-15-2__02.xml"_s }
                                 << QByteArray() << 1;
    QTest::newRow("unusable-wins") << QStringList { u"cii/cen-unit/BR-CO-15-2__02.xml"_s }
                                   << QByteArray("not an invoice") << 2;
}

void TestEinvoiceCli::exitCodes()
{
    ADES_REQUIRE_SHARED_DATA();
    QFETCH(QStringList, corpusFiles);
    QFETCH(QByteArray, extraFileContent);
    QFETCH(int, exitCode);
    QStringList files;
    for (const QString &f : std::as_const(corpusFiles))
        files.append(sharedDataDir() + u"/einvoice/invoices/"_s + f);
    if (!extraFileContent.isNull()) {
        const QString path = m_dir.filePath(u"extra.bin"_s);
        QFile extra(path);
        QVERIFY(extra.open(QIODevice::WriteOnly));
        extra.write(extraFileContent);
        extra.close();
        files.append(path);
    }
    const CliRun r = run(files);
    QCOMPARE(r.exitCode, exitCode);
    QCOMPARE(r.lines.size(), files.size()); // one JSON line per file, in order
    for (qsizetype i = 0; i < files.size(); ++i) {
        const QJsonObject &line = r.lines.at(i);
        QCOMPARE(line.value(u"file"_s).toString(), files.at(i));
        if (line.contains(u"error_code"_s)) {
            QVERIFY(!line.value(u"message"_s).toString().isEmpty());
            continue;
        }
        QVERIFY(line.value(u"valid"_s).isBool());
        QVERIFY(line.value(u"findings"_s).isArray());
        // The rule sets that ran are named: the CEN layer at least, with its verdict.
        const QJsonArray layers = line.value(u"layers"_s).toArray();
        QVERIFY(!layers.isEmpty());
        QCOMPARE(layers.first().toObject().value(u"layer"_s).toString(), u"en16931"_s);
        QVERIFY(layers.first().toObject().value(u"valid"_s).isBool());
        for (const QJsonValue &f : line.value(u"findings"_s).toArray()) {
            for (const QString &key : { u"id"_s, u"severity"_s, u"bt"_s, u"location"_s, u"message"_s })
                QVERIFY2(f.toObject().contains(key), qPrintable(key));
        }
    }
}

void TestEinvoiceCli::readsStandardInput()
{
    const CliRun r = run({ u"-"_s }, QByteArray("plain text"));
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(r.lines.size(), 1);
    QCOMPARE(r.lines.first().value(u"error_code"_s).toString(), u"einvoice_unsupported"_s);
}

QTEST_GUILESS_MAIN(TestEinvoiceCli)
#include "TestEinvoiceCli.moc"
