#include "ops/eu/einvoice/CodeList.h"

#include <QTest>

using namespace Qt::StringLiterals;
using ades::eu::CodeList;

// The shipped code lists against what docs/einvoice.md ("Code lists") promises: the number of codes (the
// size of code-list version 16 in the CEN 1.3.16 artefacts), the codes real
// invoices use, and the codes the CEN 1.3.16 artefact rejected in the shared corpus
// (scripts/einvoice-code-list-evidence.py; `--check` compares the whole evidence with the files).
class TestEinvoiceCodeLists : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void lists_data();
    void lists();
    void ciiDocumentTypes();
};

void TestEinvoiceCodeLists::lists_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("size");
    QTest::addColumn<QStringList>("listed"); // codes that must be listed
    QTest::addColumn<QStringList>("rejected"); // values that must be rejected

    QTest::newRow("UNTDID 1001 invoice")
        << u"uncl1001-invoice"_s << 50 << QStringList { u"380"_s, u"386"_s, u"457"_s, u"751"_s }
        << QStringList { u"123"_s, u"381"_s, u"999"_s, u"502"_s, u"503"_s };
    QTest::newRow("UNTDID 1001 credit note")
        << u"uncl1001-credit-note"_s << 13 << QStringList { u"381"_s, u"81"_s, u"502"_s, u"503"_s }
        << QStringList { u"123"_s, u"326"_s, u"380"_s, u"383"_s, u"384"_s };
    QTest::newRow("UNTDID 1153") << u"uncl1153"_s << 818 << QStringList { u"AAA"_s, u"ABZ"_s, u"ZZZ"_s }
                                 << QStringList { u"XXA"_s, u"aaa"_s };
    QTest::newRow("UNTDID 4451") << u"uncl4451"_s << 401 << QStringList { u"AAI"_s, u"REG"_s, u"SUR"_s }
                                 << QStringList { QString(), u"AAH"_s };
    QTest::newRow("UNTDID 4461") << u"uncl4461"_s << 84
                                 << QStringList { u"10"_s, u"30"_s, u"58"_s, u"97"_s, u"ZZZ"_s }
                                 << QStringList { u"99"_s, u"71"_s, u"100"_s };
    QTest::newRow("UNTDID 5189") << u"uncl5189"_s << 19 << QStringList { u"95"_s, u"100"_s, u"105"_s }
                                 << QStringList { u"40"_s, u"109"_s, u"TAC"_s, u"ZZZ"_s };
    QTest::newRow("UNTDID 7143") << u"uncl7143"_s << 185 << QStringList { u"STI"_s, u"TSU"_s, u"ZZZ"_s }
                                 << QStringList { u"CPV"_s, u"CVD"_s, u"XY"_s };
    QTest::newRow("UNTDID 7161") << u"uncl7161"_s << 178 << QStringList { u"FC"_s, u"ABK"_s, u"ZZZ"_s }
                                 << QStringList { u"AB"_s, u"TOS"_s, u"75"_s };
    QTest::newRow("UN/ECE Rec 20 + 21")
        << u"rec20-units"_s << 2162 << QStringList { u"C62"_s, u"GRM"_s, u"H87"_s, u"XPP"_s }
        << QStringList { u"2D"_s, u"MO"_s, u"kgm"_s, u"KILO"_s };
    QTest::newRow("ISO 6523 ICD") << u"iso6523-icd"_s << 243
                                  << QStringList { u"0002"_s, u"0088"_s, u"0208"_s, u"0248"_s }
                                  << QStringList { u"0181"_s, u"0092"_s, u"0249"_s };
    QTest::newRow("CEF EAS") << u"eas"_s << 104
                             << QStringList { u"0088"_s, u"0208"_s, u"0242"_s, u"0245"_s, u"0246"_s,
                                    u"0248"_s, u"9957"_s, u"EM"_s }
                             << QStringList { u"0207"_s, u"0247"_s, u"1234"_s, u"XR01"_s, u"NO:ORG"_s,
                                    QString() };
}

void TestEinvoiceCodeLists::lists()
{
    QFETCH(QString, name);
    QFETCH(int, size);
    QFETCH(QStringList, listed);
    QFETCH(QStringList, rejected);

    const CodeList &list = CodeList::named(name);
    QVERIFY2(list.errors().isEmpty(), qPrintable(list.errors().join(u"; "_s)));
    QCOMPARE(list.codes().size(), size);
    for (const QString &code : listed)
        QVERIFY2(list.verdict(code) == CodeList::Verdict::Listed, qPrintable(code));
    for (const QString &code : rejected)
        QVERIFY2(list.verdict(code) == CodeList::Verdict::Rejected, qPrintable(code));
}

// CII binds BT-3 to the union of both UNTDID 1001 lists: 62 codes, the CII size of the reference.
void TestEinvoiceCodeLists::ciiDocumentTypes()
{
    const CodeList &cii = CodeList::named(u"uncl1001-cii"_s);
    QCOMPARE(cii.codes().size(), 62);
    for (const QString &code : { u"380"_s, u"381"_s, u"502"_s, u"81"_s })
        QVERIFY2(cii.verdict(code) == CodeList::Verdict::Listed, qPrintable(code));
    QCOMPARE(cii.verdict(u"999"_s), CodeList::Verdict::Rejected);
}

QTEST_GUILESS_MAIN(TestEinvoiceCodeLists)
#include "TestEinvoiceCodeLists.moc"
