#include "ops/extract/Amounts.h"
#include "ops/extract/DateFinder.h"
#include "ops/extract/EmbeddedInvoice.h"
#include "ops/extract/FieldExtractor.h"
#include "ops/extract/ImageDecoder.h"
#include "ops/extract/OcrPreprocessor.h"

#include <QBuffer>
#include <QImage>
#include <QPainter>
#include <QTest>
#include <QTransform>

using namespace Qt::StringLiterals;
using namespace ades::extract;

// The rules of extract.document on hand-written lines (docs/extract.md, "How documents are read"), and
// the image front end's limits.
class TestExtractFields : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void amounts();
    void dates_data();
    void dates();
    void misreadDatesRepaired_data();
    void misreadDatesRepaired();
    void misreadDatesRepairedOnlyWhereOneDateFits();
    void noDocumentDateAfterNextYear();
    void missingFieldsTakenFromTheOtherReading();
    void totalInDoubt_data();
    void totalInDoubt();
    void totalInDoubtGivesWayToALegibleOne();
    void monthFirstOnlyWithUsCues();
    void receipt();
    void germanInvoice();
    void totalPrefersRoundedAfterExact();
    void taxIncludedInTheTotalIsNoTotal();
    void totalPrintedWithItsCurrencyMark_data();
    void totalPrintedWithItsCurrencyMark();
    void misreadCurrencyMarkRepaired_data();
    void misreadCurrencyMarkRepaired();
    void decimalCommaInAPointCurrencyIsAMisreading();
    void ocrSpaceAfterTheSeparator();
    void totalWordReadWithOneCharacterWrong();
    void paymentRowsDecideTheTotal();
    void sellerBlockNamesTheVendor();
    void legalFormEndsTheName();
    void malaysianCompanyForms();
    void vatTableWithRateColumnAndCreditNote();
    void cashRoundingAfterTheTotal();
    void textHeightIsMeasured();
    void embeddedCii();
    void embeddedRefusesDoctype();
    void sniffing();
    void decodeRefusesPixelBomb();
    void decodeRefusesGarbage();
    void otsuSplitsTwoLevels();
    void deskewFindsTheAngle();
    void faintPrintInADarkFrameIsFound();
};

static TextLines linesOf(const QStringList &texts)
{
    TextLines lines;
    for (const QString &t : texts)
        lines.append(TextLine { t, 0.9, 1 });
    return lines;
}

void TestExtractFields::amounts()
{
    const QList<Amount> a = findAmounts(u"RM9.00  1,007.50 1.234,56 12,50 25.12.2018 12:30 7 -3.10"_s);
    QCOMPARE(a.size(), 5);
    QCOMPARE(a.at(0).cents, 900);
    QCOMPARE(a.at(1).cents, 100750);
    QCOMPARE(a.at(1).printed, u"1,007.50"_s);
    QCOMPARE(a.at(2).cents, 123456);
    QCOMPARE(a.at(3).cents, 1250);
    QCOMPARE(a.at(4).cents, -310);
    QCOMPARE(centsText(-310), u"-3.10"_s);
}

void TestExtractFields::dates_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("iso");
    QTest::addColumn<QString>("printed");
    QTest::newRow("dmy") << u"DATE: 25/12/2018 10:22"_s << u"2018-12-25"_s << u"25/12/2018"_s;
    QTest::newRow("dmy2") << u"24-01-18"_s << u"2018-01-24"_s << u"24-01-18"_s;
    QTest::newRow("ymd") << u"2018/02/22"_s << u"2018-02-22"_s << u"2018/02/22"_s;
    QTest::newRow("monthname") << u"12 MAR 2018"_s << u"2018-03-12"_s << u"12 MAR 2018"_s;
    QTest::newRow("slashname") << u"14/JUN/2017"_s << u"2017-06-14"_s << u"14/JUN/2017"_s;
    QTest::newRow("german") << u"Datum: 05.03.2024"_s << u"2024-03-05"_s << u"05.03.2024"_s;
    QTest::newRow("us") << u"March 5, 2018"_s << u"2018-03-05"_s << u"March 5, 2018"_s;
    QTest::newRow("mdy by validity") << u"12/31/2019"_s << u"2019-12-31"_s << u"12/31/2019"_s;
    QTest::newRow("label joined by OCR")
        << u"Inv No 5978 Dater11/03/18 21:30"_s << u"2018-03-11"_s << u"11/03/18"_s;
}

void TestExtractFields::dates()
{
    QFETCH(QString, text);
    QFETCH(QString, iso);
    QFETCH(QString, printed);
    const auto found = DateFinder::find(linesOf({ u"SHOP"_s, text }), false);
    QVERIFY(found);
    QCOMPARE(found->date.toString(Qt::ISODate), iso);
    QCOMPARE(found->printed, printed);
}

void TestExtractFields::misreadDatesRepaired_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QDate>("date");
    QTest::addColumn<QString>("printed");
    // A month name with one wrong letter, one letter from JUN only.
    QTest::newRow("month one letter off")
        << u"CB# : 78233153333 14/dun/2017 08:34:22"_s << QDate(2017, 6, 14) << u"14/JUN/2017"_s;
    // No receipt is dated 2817; 8 read for 0 gives 2017, the only year up to next year one confused digit
    // away.
    QTest::newRow("year one digit off")
        << u"vkusid Date: 08/09/2817"_s << QDate(2017, 9, 8) << u"08/09/2017"_s;
    // A letter O among the digits of a date is a 0 (the only digit it stands for).
    QTest::newRow("letter O for 0") << u"O7-06-16 15:24 SHOR BOIY T3 R000041542"_s << QDate(2016, 6, 7)
                                    << u"07-06-16"_s;
}

// Repaired, printed as repaired, and marked so.
void TestExtractFields::misreadDatesRepaired()
{
    QFETCH(QString, text);
    QFETCH(QDate, date);
    QFETCH(QString, printed);
    const auto found = DateFinder::find(linesOf({ u"SHOP"_s, text }), false);
    QVERIFY(found);
    QCOMPARE(found->date, date);
    QCOMPARE(found->printed, printed);
    QVERIFY(found->repaired);
}

void TestExtractFields::misreadDatesRepairedOnlyWhereOneDateFits()
{
    // A repaired date is trusted less than the same date read as printed.
    const auto month
        = DateFinder::find(linesOf({ u"SHOP"_s, u"CB# : 78233153333 14/dun/2017 08:34:22"_s }), false);
    const auto clean = DateFinder::find(linesOf({ u"SHOP"_s, u"14/06/2017 08:34:22"_s }), false);
    QVERIFY(month && clean && !clean->repaired);
    QCOMPARE_GT(clean->confidence, month->confidence);
    // One letter from MAR, MAY, JAN and MAC: several months, no date. Two letters from any month: none.
    QVERIFY(!DateFinder::find(linesOf({ u"SHOP"_s, u"14/MAN/2017"_s }), false));
    QVERIFY(!DateFinder::find(linesOf({ u"SHOP"_s, u"14/XYZ/2017"_s }), false));
    // Between different separators the word is no month's place.
    QVERIFY(!DateFinder::find(linesOf({ u"SHOP"_s, u"14/DUN-2017"_s }), false));
    // A year no confusion brings into 1990 to next year stays unread.
    QVERIFY(!DateFinder::find(linesOf({ u"SHOP"_s, u"Date: 08/09/4444"_s }), false));
    // A code with letters around its Os is no date.
    QVERIFY(!DateFinder::find(linesOf({ u"SHOP"_s, u"SHO8 BO19 T3"_s, u"NO. 1O/O2/RM"_s }), false));

    // A date read as printed wins over a repaired one, even below it.
    const auto both = DateFinder::find(linesOf({ u"SHOP"_s, u"14/dun/2017"_s, u"15/06/2017"_s }), false);
    QVERIFY(both);
    QCOMPARE(both->date, QDate(2017, 6, 15));
}

void TestExtractFields::noDocumentDateAfterNextYear()
{
    const int next = QDate::currentDate().year() + 1;
    // Digits among prices that only look like a date, in a year no document has yet ("1.2.30" in 2026;
    // the test's year stays beyond next year until 2068).
    QVERIFY(!DateFinder::find(linesOf({ u"SHOP"_s, u"9011454 1.2.69: 2.10"_s }), false));
    // A validity date after next year is passed over for the document's date below it.
    const auto dated = DateFinder::find(
        linesOf({ u"SHOP"_s, u"VALID 31/12/%1"_s.arg(next + 1), u"DATE 07/06/%1"_s.arg(next - 1) }), false);
    QVERIFY(dated);
    QCOMPARE(dated->date, QDate(next - 1, 6, 7));
    // Next year itself is allowed: invoices are dated ahead around the turn of the year.
    const auto ahead = DateFinder::find(linesOf({ u"SHOP"_s, u"DATE 02/01/%1"_s.arg(next) }), false);
    QVERIFY(ahead);
    QCOMPARE(ahead->date, QDate(next, 1, 2));
}

void TestExtractFields::missingFieldsTakenFromTheOtherReading()
{
    // The kept reading found a total but no date; the other reading has a date and another total.
    DocumentFields kept = FieldExtractor::extract(linesOf({ u"KEDAI ABC SDN BHD"_s, u"TOTAL 9.00"_s }));
    const DocumentFields other = FieldExtractor::extract(
        linesOf({ u"KEDAI ABC SDN BHD"_s, u"Date: 25/12/2018"_s, u"TOTAL 8.00"_s }));
    QVERIFY(kept.date.value.isEmpty());
    QCOMPARE(kept.total.value, u"9.00"_s);
    QCOMPARE(other.date.value, u"2018-12-25"_s);
    QCOMPARE(FieldExtractor::fillFromOtherReading(kept, other), QStringList { u"date"_s });
    QCOMPARE(kept.date.printed, u"25/12/2018"_s);
    QCOMPARE(kept.total.value, u"9.00"_s); // what the kept reading found stays
    // Nothing to take from a reading that lacks the field too.
    DocumentFields none = FieldExtractor::extract(linesOf({ u"SHOP"_s }));
    QVERIFY(FieldExtractor::fillFromOtherReading(none, FieldExtractor::extract(linesOf({ u"SHOP"_s })))
                .isEmpty());
}

void TestExtractFields::totalInDoubt_data()
{
    QTest::addColumn<QStringList>("lines");
    QTest::addColumn<QString>("total");
    QTest::addColumn<bool>("inDoubt");
    QTest::newRow("a legible total line")
        << QStringList { u"ITEM 4.00"_s, u"TOTAL 9.00"_s } << u"9.00"_s << false;
    // A total line below the one read has no amount read: the one read may be a part of the total.
    QTest::newRow("illegible total line below") << QStringList { u"Total 6% supplies (Inc. GST): 16.79"_s,
        u"Total Payable: I"_s } << u"16.79"_s << true;
    // Above it, as a column header or a partial sum, it leaves the total read below it standing.
    QTest::newRow("illegible total line above")
        << QStringList { u"Description Qty Total"_s, u"Total Payable: 23.20"_s } << u"23.20"_s << false;
    QTest::newRow("largest amount, no total line")
        << QStringList { u"ITEM 4.00"_s, u"ITEM 80.27"_s } << u"80.27"_s << true;
    // An amount printed on the page is what cash less change says was paid.
    QTest::newRow("printed amount, paid") << QStringList { u"ITEM 4.00"_s, u"ITEM 18.80"_s, u"CASH 50.00"_s,
        u"CHANGE 31.20"_s } << u"18.80"_s << false;
    // What the payment rows give is no check on itself; the VAT rows' base plus VAT is.
    QTest::newRow("from payments only")
        << QStringList { u"NET TOTAL"_s, u"CASH 20.00"_s, u"CHANGE 1.20"_s } << u"18.80"_s << true;
    QTest::newRow("from payments, VAT agrees")
        << QStringList { u"NET TOTAL"_s, u"CASH 20.00"_s, u"CHANGE 1.20"_s, u"SR @ 6% 17.74 1.06"_s }
        << u"18.80"_s << false;
}

void TestExtractFields::totalInDoubt()
{
    QFETCH(QStringList, lines);
    QFETCH(QString, total);
    QFETCH(bool, inDoubt);
    const DocumentFields f = FieldExtractor::extract(linesOf(QStringList { u"SHOP"_s } + lines));
    QCOMPARE(f.total.value, total);
    QCOMPARE(f.totalInDoubt, inDoubt);
}

void TestExtractFields::totalInDoubtGivesWayToALegibleOne()
{
    const QStringList page { u"GARDENIA BAKERIES (KL) SDN BHD"_s, u"Date: 24/08/2017"_s,
        u"Total 6% supplies (Inc. GST): 16.79"_s };
    DocumentFields kept = FieldExtractor::extract(linesOf(page + QStringList { u"Total Payable: I"_s }));
    const DocumentFields other
        = FieldExtractor::extract(linesOf(page + QStringList { u"Total Payable: 39.78"_s }));
    QVERIFY(kept.totalInDoubt);
    QVERIFY(!other.totalInDoubt);
    QCOMPARE(FieldExtractor::fillFromOtherReading(kept, other), QStringList { u"total"_s });
    QCOMPARE(kept.total.value, u"39.78"_s);
    QVERIFY(!kept.totalInDoubt);
    // The same total read from a legible line in the other reading ends the doubt; nothing is taken.
    DocumentFields agreed = FieldExtractor::extract(linesOf({ u"SHOP"_s, u"ITEM 4.00"_s, u"ITEM 39.78"_s }));
    QVERIFY(agreed.totalInDoubt);
    QVERIFY(!FieldExtractor::fillFromOtherReading(agreed, other).contains(u"total"_s));
    QVERIFY(!agreed.totalInDoubt);
    // A total in doubt in both readings stays the kept reading's.
    DocumentFields guessed = FieldExtractor::extract(linesOf({ u"SHOP"_s, u"ITEM 4.00"_s, u"ITEM 80.27"_s }));
    const DocumentFields alsoGuessed = FieldExtractor::extract(linesOf({ u"SHOP"_s, u"ITEM 69.10"_s }));
    QVERIFY(FieldExtractor::fillFromOtherReading(guessed, alsoGuessed).isEmpty());
    QCOMPARE(guessed.total.value, u"80.27"_s);
    // A total not in doubt stays, whatever the other reading read.
    DocumentFields sure = FieldExtractor::extract(linesOf({ u"SHOP"_s, u"TOTAL 9.00"_s }));
    QVERIFY(!FieldExtractor::fillFromOtherReading(sure, other).contains(u"total"_s));
    QCOMPARE(sure.total.value, u"9.00"_s);
}

void TestExtractFields::monthFirstOnlyWithUsCues()
{
    // Digits glued to letters without a date label are a product code, no date.
    QVERIFY(!DateFinder::find(linesOf({ u"SHOP"_s, u"RC11-23-42 - 12/144"_s }), false));
    // A date-like string on a line read with low confidence (a logo) loses to a clear one below.
    TextLines logo = linesOf({ u"tt 2.2.22]."_s, u"PARKING SDN BHD"_s, u"Entry Time 14/01/2018 12:06"_s });
    logo[0].confidence = 0.25;
    QCOMPARE(FieldExtractor::extract(logo).date.value, u"2018-01-14"_s);

    const TextLines eu = linesOf({ u"03/04/2019"_s, u"TOTAL € 5.00"_s });
    QCOMPARE(FieldExtractor::extract(eu).date.value, u"2019-04-03"_s);
    const TextLines us = linesOf({ u"DINER, AUSTIN TX 78701"_s, u"03/04/2019"_s, u"TOTAL $ 5.00"_s });
    QCOMPARE(FieldExtractor::extract(us).date.value, u"2019-03-04"_s);
}

void TestExtractFields::receipt()
{
    const TextLines lines = linesOf({ u"SYARIKAT PERNIAGAAN GIN KEE"_s, u"MR D.I.Y. (M) SDN BHD (860671-D)"_s,
        u"NO. 1, JALAN INDAH"_s, u"GST REG NO : 000306020352"_s, u"TAX INVOICE"_s, u"DATE : 02/01/2019"_s,
        u"KILAT AUTO ECO WASH 1 X 8.49 8.49"_s, u"TOTAL INCL. GST @6% RM 9.00"_s, u"CASH 10.00"_s,
        u"CHANGE 1.00"_s, u"GST SUMMARY AMOUNT(RM) TAX(RM)"_s, u"SR @ 6% 8.49 0.51"_s });
    const DocumentFields f = FieldExtractor::extract(lines);
    QCOMPARE(f.vendor.value, u"MR D.I.Y. (M) SDN BHD"_s);
    QCOMPARE(f.total.value, u"9.00"_s);
    QCOMPARE(f.date.value, u"2019-01-02"_s);
    QCOMPARE(f.currency.value, u"MYR"_s);
    QCOMPARE(f.vendorVatId.value, u"000306020352"_s);
    QCOMPARE(f.vat.size(), 1);
    QCOMPARE(f.vat.first().rate, u"6"_s);
    QCOMPARE(f.vat.first().base, u"8.49"_s);
    QCOMPARE(f.vat.first().amount, u"0.51"_s);
    QCOMPARE(f.items.size(), 1);
    QCOMPARE(f.items.first().amount, u"8.49"_s);
    QCOMPARE(f.items.first().quantity, u"1"_s);
    QVERIFY(f.total.confidence > 0.8); // cash − change and base + VAT agree
}

void TestExtractFields::germanInvoice()
{
    const TextLines lines = linesOf({ u"Muster Bürobedarf GmbH"_s, u"USt-IdNr. DE 123 456 789"_s,
        u"Rechnungsdatum 07.11.2025 Fällig 21.11.2025"_s, u"Papier A4 10 x 4,50 45,00"_s,
        u"Zwischensumme 45,00"_s, u"MwSt 19 % auf 45,00 8,55"_s, u"Gesamtbetrag EUR 53,55"_s });
    const DocumentFields f = FieldExtractor::extract(lines);
    QCOMPARE(f.vendor.value, u"Muster Bürobedarf GmbH"_s);
    QCOMPARE(f.vendorVatId.value, u"DE123456789"_s);
    QCOMPARE(f.date.value, u"2025-11-07"_s);
    QCOMPARE(f.total.value, u"53.55"_s);
    QCOMPARE(f.total.printed, u"EUR 53,55"_s); // as printed, with the code before it
    QCOMPARE(f.currency.value, u"EUR"_s);
    QCOMPARE(f.vat.size(), 1);
    QCOMPARE(f.vat.first().base, u"45.00"_s);
    QCOMPARE(f.vat.first().amount, u"8.55"_s);
}

void TestExtractFields::totalPrintedWithItsCurrencyMark_data()
{
    QTest::addColumn<QStringList>("lines");
    QTest::addColumn<QString>("printed");
    QTest::newRow("code, space") << QStringList { u"TOTAL INCL. GST@6% RM 3.30"_s } << u"RM 3.30"_s;
    QTest::newRow("code glued") << QStringList { u"TOTAL RM4.00"_s } << u"RM4.00"_s;
    QTest::newRow("sign") << QStringList { u"NETT TOTAL: $8.20"_s } << u"$8.20"_s;
    QTest::newRow("below its label") << QStringList { u"TOTAL INCL. GST@6%"_s, u"RM 13.30"_s }
                                     << u"RM 13.30"_s;
    QTest::newRow("none") << QStringList { u"TOTAL 9.00"_s } << u"9.00"_s;
    QTest::newRow("mark apart") << QStringList { u"TOTAL (RM) 9.00"_s } << u"9.00"_s;
    // Letters that end a word are no currency code.
    QTest::newRow("word ending in RM") << QStringList { u"TOTAL FORM 12.00"_s } << u"12.00"_s;
    QTest::newRow("euro sign") << QStringList { u"Gesamt € 1.234,56"_s } << u"€ 1.234,56"_s;
}

void TestExtractFields::totalPrintedWithItsCurrencyMark()
{
    QFETCH(QStringList, lines);
    QFETCH(QString, printed);
    const DocumentFields f = FieldExtractor::extract(linesOf(QStringList { u"SHOP"_s } + lines));
    QCOMPARE(f.total.printed, printed);
    QVERIFY(!f.total.value.contains(u'R') && !f.total.value.contains(u'$')); // the value stays a number
}

void TestExtractFields::misreadCurrencyMarkRepaired_data()
{
    QTest::addColumn<QStringList>("lines");
    QTest::addColumn<QString>("printed");
    QTest::newRow("RH for RM") << QStringList { u"TOTAL INCL. GST@6% RH 64.70"_s, u"CHANGE RM 35.30"_s }
                               << u"RM 64.70"_s;
    QTest::newRow("KM glued") << QStringList { u"TOTAL KM4.00"_s, u"CASH RM10.00"_s } << u"RM4.00"_s;
    // OCR's space after the decimal point ("64. 70") does not hide the amount's place on the line.
    QTest::newRow("spaced amount") << QStringList { u"TOTAL RH 64. 70"_s, u"CHANGE RM 35.30"_s }
                                   << u"RM 64.70"_s;
    // No RM printed elsewhere: the letters are not known to be a mark.
    QTest::newRow("no mark on the page") << QStringList { u"TOTAL RH 64.70"_s } << u"64.70"_s;
    // Two letters wrong, or a longer word ending one letter off: no misread mark.
    QTest::newRow("two letters off") << QStringList { u"TOTAL AB 64.70"_s, u"CASH RM 100.00"_s }
                                     << u"64.70"_s;
    QTest::newRow("part of a word") << QStringList { u"TOTAL FORM 12.00"_s, u"CASH RM 20.00"_s }
                                    << u"12.00"_s;
    // A total only the payment rows give is printed as they print their amounts.
    QTest::newRow("as the payment rows")
        << QStringList { u"Grand Total rag f 00"_s, u"Cash RM50.00"_s, u"Change RM11.00"_s } << u"RM39.00"_s;
    QTest::newRow("payment rows differ")
        << QStringList { u"Grand Total rag f 00"_s, u"Cash RM50.00"_s, u"Change 11.00"_s } << u"39.00"_s;
}

void TestExtractFields::misreadCurrencyMarkRepaired()
{
    QFETCH(QStringList, lines);
    QFETCH(QString, printed);
    const DocumentFields f = FieldExtractor::extract(linesOf(QStringList { u"SHOP SDN BHD"_s } + lines));
    QCOMPARE(f.total.printed, printed);
}

void TestExtractFields::taxIncludedInTheTotalIsNoTotal()
{
    // The GST inside the total is no total line; the amount due below the items is then the largest left.
    const TextLines due = linesOf({ u"GIFT SHOP SDN BHD"_s, u"Item 18.00"_s, u"Item 7.15"_s, u"Due 25.15"_s,
        u"Change 0.00"_s, u"(Total Included GST @ 4%: 1.42)"_s });
    QCOMPARE(FieldExtractor::extract(due).total.value, u"25.15"_s);
    const TextLines inTotal
        = linesOf({ u"SHOP"_s, u"TOTAL INCL. GST@6% RM 13.30"_s, u"GST @6% included in total RM 0.75"_s });
    QCOMPARE(FieldExtractor::extract(inTotal).total.value, u"13.30"_s);
    // With the tax in it, a total stays one.
    const TextLines vatIncluded = linesOf({ u"Supplier Ltd"_s, u"Total (VAT included) 119.00"_s });
    QCOMPARE(FieldExtractor::extract(vatIncluded).total.value, u"119.00"_s);
}

void TestExtractFields::totalPrefersRoundedAfterExact()
{
    const TextLines lines = linesOf({ u"SHOP SDN BHD"_s, u"TOTAL 12.87"_s, u"ROUNDING ADJ -0.02"_s,
        u"ROUNDED TOTAL 12.85"_s, u"CASH 50.00"_s, u"CHANGE 37.15"_s });
    QCOMPARE(FieldExtractor::extract(lines).total.value, u"12.85"_s);
}

void TestExtractFields::decimalCommaInAPointCurrencyIsAMisreading()
{
    const TextLines lines = linesOf({ u"SHOP SDN BHD"_s, u"ITEM 4.40"_s, u"TOTAL (RM) 4,40"_s });
    const DocumentFields f = FieldExtractor::extract(lines);
    QCOMPARE(f.total.printed, u"4.40"_s);
    QCOMPARE(f.total.value, u"4.40"_s);
}

void TestExtractFields::ocrSpaceAfterTheSeparator()
{
    const QList<Amount> a = findAmounts(u"Total (Inclusive of GST): 62. 80 3. 49 1.5 0 12. 345"_s);
    QCOMPARE(a.size(), 2);
    QCOMPARE(a.at(0).cents, 6280);
    QCOMPARE(a.at(0).printed, u"62.80"_s);
    QCOMPARE(a.at(1).cents, 349);
    const auto found = DateFinder::find(linesOf({ u"SHOP"_s, u"18-10- 17 15:16 SH01"_s }), false);
    QVERIFY(found);
    QCOMPARE(found->date.toString(Qt::ISODate), u"2017-10-18"_s);
    QCOMPARE(found->printed, u"18-10-17"_s);
}

void TestExtractFields::totalWordReadWithOneCharacterWrong()
{
    // "Tatal" is TOTAL; "lnclusive" (l for I) still says the GST is included; "TotalGST" is the tax.
    const TextLines lines = linesOf({ u"ASIA MART"_s, u"Total Sales (Excluding GST) : 31.03"_s,
        u"TotalGST : 1.65"_s, u"Tatal Sales (lnclusive of GST) : 32.70"_s });
    QCOMPARE(FieldExtractor::extract(lines).total.value, u"32.70"_s);
    const TextLines notTotal = linesOf({ u"SHOP"_s, u"TONIC 5.00"_s, u"METAL 7.00"_s, u"ITEMS 2"_s });
    QCOMPARE(FieldExtractor::extract(notTotal).total.confidence < 0.5, true); // no total line: a guess
}

void TestExtractFields::paymentRowsDecideTheTotal()
{
    // No total line read: cash less change is what was paid.
    const TextLines noTotalLine = linesOf(
        { u"FAMILY SHOP"_s, u"Silk Logo 2.58 1.80SR"_s, u"Ir 18.00"_s, u"CASH 50.00"_s, u"CHANGE 31.20"_s });
    QCOMPARE(FieldExtractor::extract(noTotalLine).total.value, u"18.80"_s);
    // Two total lines disagree (the second a GST summary misread as a total): the paid one wins.
    const TextLines disagreeing = linesOf(
        { u"SHOP SDN BHD"_s, u"TOTAL 23.25"_s, u"CASH 50.00"_s, u"CHANGE 26.75"_s, u"SR TOTAL 123.25"_s });
    QCOMPARE(FieldExtractor::extract(disagreeing).total.value, u"23.25"_s);
    // A card payment is paid to the cent.
    const TextLines card = linesOf({ u"MR. D.I.Y. (M) SDN BHD"_s, u"ITEM A 11.60"_s, u"ITEM B 19.60"_s,
        u"EDC RM 31.20"_s, u"GST @6% included in total RM 1.77"_s });
    QCOMPARE(FieldExtractor::extract(card).total.value, u"31.20"_s);
    // The total line misread (18.80 as 18.00) and 18.80 printed nowhere legible: cash less change and the
    // VAT rows' base plus VAT both give 18.80, against the one line.
    const TextLines misread = linesOf({ u"FAMILY SHOP"_s, u"SUB TOTAL (Inc GST)"_s, u"Ir 18.00"_s,
        u"CASH 50.00"_s, u"CHANGE 31.20"_s, u"SR @ 6% 17.74 1.06"_s });
    QCOMPARE(FieldExtractor::extract(misread).total.value, u"18.80"_s);
    // Without the VAT rows' word for it, the total line stays: cash or change may be the misread one.
    const TextLines unconfirmed = linesOf({ u"FAMILY SHOP"_s, u"SUB TOTAL (Inc GST)"_s, u"Ir 18.00"_s,
        u"CASH 50.00"_s, u"CHANGE 31.20"_s, u"SR @ 6% 16.98 1.02"_s });
    QCOMPARE(FieldExtractor::extract(unconfirmed).total.value, u"18.00"_s);
}

void TestExtractFields::sellerBlockNamesTheVendor()
{
    const TextLines lines = linesOf({ u"Visualisierung eRechnung"_s, u"Rechnungsstandard: Factur-X"_s,
        u"Handelsrechnung (380) Nr. 471102 vom 05.03.2020"_s, u"Verkäufer"_s, u"Name: Lieferant GmbH"_s,
        u"Anschrift: Lieferantenstraße 20"_s, u"Käufer"_s, u"Name: Kunden AG Mitte"_s });
    QCOMPARE(FieldExtractor::extract(lines).vendor.value, u"Lieferant GmbH"_s);
    const TextLines sameLine = linesOf({ u"INVOICE"_s, u"Seller: Acme Widgets Ltd"_s, u"Buyer: Foo Inc"_s });
    QCOMPARE(FieldExtractor::extract(sameLine).vendor.value, u"Acme Widgets Ltd"_s);
    // A two-line name with its label beside the second line.
    const TextLines twoLines
        = linesOf({ u"Rechnung"_s, u"Verkäufer"_s, u"Nummer: 549910"_s, u"MVM Musterhafter"_s,
            u"Name: Versicherungsverein Musterstadt a.G."_s, u"Anschrift: Musterstr. 12"_s });
    QCOMPARE(FieldExtractor::extract(twoLines).vendor.value,
        u"MVM Musterhafter Versicherungsverein Musterstadt a.G."_s);
    // A company named like a heading is no heading.
    const TextLines company = linesOf({ u"Lieferant GmbH"_s, u"Rechnung"_s });
    QCOMPARE(FieldExtractor::extract(company).vendor.value, u"Lieferant GmbH"_s);
}

void TestExtractFields::legalFormEndsTheName()
{
    QCOMPARE(FieldExtractor::extract(linesOf({ u"ANN GIAP TRADING SDN BHD SE"_s })).vendor.value,
        u"ANN GIAP TRADING SDN BHD"_s);
    QCOMPARE(FieldExtractor::extract(linesOf({ u"MIZU MENTAI SDN. BHD. 1110644-W"_s })).vendor.value,
        u"MIZU MENTAI SDN. BHD."_s);
    QCOMPARE(FieldExtractor::extract(linesOf({ u"AEON CO. (M) SDN BHD"_s })).vendor.value,
        u"AEON CO. (M) SDN BHD"_s);
}

void TestExtractFields::malaysianCompanyForms()
{
    // S/B is SDN BHD's short form; a registration number read with a brace for its bracket goes too.
    const auto vendorOf
        = [](const QStringList &lines) { return FieldExtractor::extract(linesOf(lines)).vendor.value; };
    QCOMPARE(vendorOf({ u"99 SPEED MART S/B (519537-X)"_s, u"LOT P.T. 2811, JALAN ANGSA,"_s }),
        u"99 SPEED MART S/B"_s);
    QCOMPARE(vendorOf({ u"99 SPEED MART 5/B {519537-X)"_s, u"TAHAN BERKELEY"_s }), u"99 SPEED MART S/B"_s);
    QCOMPARE(vendorOf({ u"KEDAI RUNCIT 5/8"_s }), u"KEDAI RUNCIT S/B"_s);
    // 5/8 inside a line is a fraction or an address number, no company form: the name line above stays.
    QCOMPARE(vendorOf({ u"HARDWARE HOUSE"_s, u"NO 5/8 JALAN BESAR"_s }), u"HARDWARE HOUSE"_s);
    QCOMPARE(vendorOf({ u"PIPE SHOP"_s, u"NO 5/8, JALAN BESAR"_s }), u"PIPE SHOP"_s);
    // "CO. NO." labels the registration number: no company form, and no part of the line above.
    QCOMPARE(vendorOf({ u"PASAR MINI JIN SENG"_s, u"379, JALAN PERMAS SATU,"_s, u"TEL : 07-3874904"_s,
                 u"(CO. NO. JM0195368-D)"_s }),
        u"PASAR MINI JIN SENG"_s);
    QCOMPARE(vendorOf({ u"AEON CO. (M) BHD"_s }), u"AEON CO. (M) BHD"_s);
}

void TestExtractFields::vatTableWithRateColumnAndCreditNote()
{
    const TextLines lines = linesOf({ u"Lieferant GmbH"_s, u"1 GTIN 4123456000014 1,00 -5 Stk 19% -5,00"_s,
        u"Umsatzsteueraufschlüsselung"_s, u"Art (Kategorie) Basisbetrag Steuersatz [%] Steuerbetrag"_s,
        u"Umsatzsteuer (S) -4,85 19 -0,92"_s, u"Umsatzsteuer (S) -2,82 7 -0,20"_s,
        u"Umsatzsteuer (E) 10,00 0 0,00"_s, u"Bruttosumme -8,79"_s, u"Zahlbetrag -8,79"_s,
        u"Abschlag Rechnungsrabatt 19% UST(S) 0,15"_s });
    const DocumentFields f = FieldExtractor::extract(lines);
    QCOMPARE(f.total.value, u"-8.79"_s);
    QCOMPARE(f.vat.size(), 3);
    QCOMPARE(f.vat.at(0).rate, u"19"_s);
    QCOMPARE(f.vat.at(0).base, u"-4.85"_s);
    QCOMPARE(f.vat.at(0).amount, u"-0.92"_s);
    QCOMPARE(f.vat.at(1).rate, u"7"_s);
    QCOMPARE(f.vat.at(2).rate, u"0"_s);
    // Without a tax header or word, three numbers are no VAT row; a negative total line on an
    // invoice with a positive total is no total.
    const TextLines plain
        = linesOf({ u"SHOP"_s, u"Widget 100,00 7 7,00"_s, u"Total 107,00"_s, u"Total refund -7,00"_s });
    const DocumentFields g = FieldExtractor::extract(plain);
    QVERIFY(g.vat.isEmpty());
    QCOMPARE(g.total.value, u"107.00"_s);
}

void TestExtractFields::cashRoundingAfterTheTotal()
{
    // The adjustment with its minus sign lost: the sign is the one that lands on 5 cents.
    const TextLines lost = linesOf(
        { u"CAFE SDN BHD"_s, u"Total (Inclusive of GST): 23.26"_s, u"Rounding 0.01"_s, u"Thank you"_s });
    QCOMPARE(FieldExtractor::extract(lost).total.value, u"23.25"_s);
    // The rounding line printing the rounded total itself.
    const TextLines itself
        = linesOf({ u"MART"_s, u"Total Sales (Inclusive GST) RM 42.33"_s, u"Rounding RM 42.35"_s });
    QCOMPARE(FieldExtractor::extract(itself).total.value, u"42.35"_s);
    // ... also where OCR read the ringgit signs as something else and a stray pound sign as the currency.
    const TextLines misreadSigns = linesOf({ u"MART"_s, u"Total Sales (Inclusive GST) RH 42.33"_s,
        u"Rounding RN 42,35"_s, u"£ = Of 37.92 2.4"_s });
    QCOMPARE(FieldExtractor::extract(misreadSigns).currency.value, u"GBP"_s);
    QCOMPARE(FieldExtractor::extract(misreadSigns).total.value, u"42.35"_s);
    // An adjustment alone is cash rounding: in a currency of one-cent coins without a cash row, no.
    const TextLines euro
        = linesOf({ u"Supplier Ltd"_s, u"Invoice total EUR 42.33"_s, u"Rounding EUR 0.02"_s });
    QCOMPARE(FieldExtractor::extract(euro).total.value, u"42.33"_s);
    // A total already on 5 cents stays; a rounding line before the total is not applied.
    const TextLines even = linesOf({ u"SHOP"_s, u"Rounding 0.02"_s, u"TOTAL 10.33"_s });
    QCOMPARE(FieldExtractor::extract(even).total.value, u"10.33"_s);
    // A dash before the tendered cash is no minus sign: cash less change.
    const TextLines dash
        = linesOf({ u"SHOP"_s, u"T @ 6% 5.42 0.33"_s, u"Cash -50. 00"_s, u"CHANGE 44.25"_s });
    QCOMPARE(FieldExtractor::extract(dash).total.value, u"5.75"_s);
}

void TestExtractFields::textHeightIsMeasured()
{
    // Rows of 12 px tall letters: the measure is their height, not the page's or the rules'.
    QImage page(800, 600, QImage::Format_Grayscale8);
    page.fill(255);
    QPainter painter(&page);
    painter.fillRect(20, 500, 760, 3, Qt::black); // a rule: not a character
    for (int row = 0; row < 6; ++row) {
        for (int col = 0; col < 30; ++col)
            painter.fillRect(20 + col * 20, 40 + row * 40, 8, 12, Qt::black);
    }
    painter.end();
    QCOMPARE(OcrPreprocessor::textHeight(page), 12);
    // Scaled so that the characters come to the target height.
    OcrOptions options;
    options.targetTextHeight = 24;
    const OcrPreprocessor::Prepared p = OcrPreprocessor::prepare(page, options);
    QCOMPARE(p.textHeight, 12);
    QVERIFY(std::abs(p.scale - 2.0) < 0.01);
    QCOMPARE(p.forOcr.width(), 1600);
}

void TestExtractFields::embeddedCii()
{
    const QByteArray xml = R"(<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
 xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
 xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
 <rsm:ExchangedDocument><ram:IssueDateTime><udt:DateTimeString format="102">20240305</udt:DateTimeString></ram:IssueDateTime></rsm:ExchangedDocument>
 <rsm:SupplyChainTradeTransaction>
  <ram:ApplicableHeaderTradeAgreement><ram:SellerTradeParty><ram:Name>Lieferant GmbH</ram:Name>
   <ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">DE123456789</ram:ID></ram:SpecifiedTaxRegistration>
  </ram:SellerTradeParty></ram:ApplicableHeaderTradeAgreement>
  <ram:ApplicableHeaderTradeSettlement><ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
   <ram:ApplicableTradeTax><ram:CalculatedAmount>19.00</ram:CalculatedAmount><ram:BasisAmount>100.00</ram:BasisAmount><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax>
   <ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:GrandTotalAmount>119.00</ram:GrandTotalAmount></ram:SpecifiedTradeSettlementHeaderMonetarySummation>
  </ram:ApplicableHeaderTradeSettlement>
 </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>)";
    const auto f = EmbeddedInvoice::read(xml);
    QVERIFY(f);
    QCOMPARE(f->vendor.value, u"Lieferant GmbH"_s);
    QCOMPARE(f->vendorVatId.value, u"DE123456789"_s);
    QCOMPARE(f->date.value, u"2024-03-05"_s);
    QCOMPARE(f->total.value, u"119.00"_s);
    QCOMPARE(f->vat.size(), 1);
    QCOMPARE(f->vat.first().amount, u"19.00"_s);
}

void TestExtractFields::embeddedRefusesDoctype()
{
    QVERIFY(!EmbeddedInvoice::read(
        "<!DOCTYPE x [<!ENTITY a \"b\">]><CrossIndustryInvoice><x>&a;</x></CrossIndustryInvoice>"));
    QVERIFY(!EmbeddedInvoice::read("<Order/>"));
}

void TestExtractFields::sniffing()
{
    QCOMPARE(sniffDocument("\xFF\xD8\xFF\xE0"), DocumentKind::Jpeg);
    QCOMPARE(sniffDocument("\x89PNG\r\n\x1A\n...."), DocumentKind::Png);
    QCOMPARE(sniffDocument("RIFF\x10\0\0\0WEBPVP8 "_ba), DocumentKind::Webp);
    QCOMPARE(sniffDocument(QByteArray("II*\0", 4)), DocumentKind::Tiff);
    QCOMPARE(sniffDocument("%PDF-1.7\n"), DocumentKind::Pdf);
    QCOMPARE(sniffDocument("<html>"), DocumentKind::Unknown);
}

void TestExtractFields::decodeRefusesPixelBomb()
{
    QImage image(400, 300, QImage::Format_Grayscale8);
    image.fill(255);
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    QVERIFY(image.save(&buffer, "PNG"));
    QVERIFY(ImageDecoder::decode(png, 200'000).ok());
    const auto refused = ImageDecoder::decode(png, 100'000);
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code(), u"image_too_large"_s);
    QCOMPARE(refused.error().param(), u"file"_s);
}

void TestExtractFields::decodeRefusesGarbage()
{
    const auto refused = ImageDecoder::decode("\xFF\xD8\xFF\xE0garbage", 1'000'000);
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().param(), u"file"_s);
    QVERIFY(!ImageDecoder::decode(QByteArray("II*\0garbage", 11), 1'000'000).ok());
}

void TestExtractFields::otsuSplitsTwoLevels()
{
    QImage image(100, 100, QImage::Format_Grayscale8);
    image.fill(220);
    for (int y = 0; y < 30; ++y)
        std::memset(image.scanLine(y), 40, 100);
    const int t = OcrPreprocessor::otsuThreshold(image);
    QVERIFY(t >= 40 && t < 220);
}

void TestExtractFields::faintPrintInADarkFrameIsFound()
{
    // Faint thermal print (grey 200 on paper 240) between a scanner's black edges: Otsu's first split is
    // frame against everything else, with no character in the dark class. The frame is taken for
    // background, whitened, and the print is measured and thresholded without it.
    QImage page(800, 1200, QImage::Format_Grayscale8);
    page.fill(240);
    QPainter painter(&page);
    painter.fillRect(0, 0, 800, 150, QColor(10, 10, 10));
    painter.fillRect(0, 1050, 800, 150, QColor(10, 10, 10));
    for (int row = 0; row < 12; ++row) {
        for (int col = 0; col < 30; ++col)
            painter.fillRect(40 + col * 24, 200 + row * 60, 14, 26, QColor(200, 200, 200));
    }
    painter.end();
    const OcrPreprocessor::Prepared prepared = OcrPreprocessor::prepare(page);
    QVERIFY2(std::abs(prepared.textHeight - 26) <= 1, qPrintable(QString::number(prepared.textHeight)));
    QCOMPARE_GE(prepared.backgroundAtOrBelow, 10);
    QCOMPARE_LT(prepared.backgroundAtOrBelow, 200);
    // The frame is paper now, and the print is ink in the binary page.
    const auto at = [&](const QImage &image, double x, double y) {
        return image.pixelColor(int(x * image.width()), int(y * image.height())).value();
    };
    QCOMPARE(at(prepared.forOcr, 0.5, 0.05), 255);
    QCOMPARE(at(prepared.binary, 0.5, 0.05), 255);
    QCOMPARE(at(prepared.binary, (40 + 7) / 800.0, (200 + 13) / 1200.0), 0);
    // A page whose dark class is its ink keeps everything as it was.
    QImage plain(800, 1200, QImage::Format_Grayscale8);
    plain.fill(240);
    QPainter ink(&plain);
    for (int row = 0; row < 12; ++row) {
        for (int col = 0; col < 30; ++col)
            ink.fillRect(40 + col * 24, 200 + row * 60, 14, 26, QColor(20, 20, 20));
    }
    ink.end();
    QCOMPARE(OcrPreprocessor::prepare(plain).backgroundAtOrBelow, -1);
}

void TestExtractFields::deskewFindsTheAngle()
{
    // Horizontal bars like text lines, turned by 3° clockwise: the search finds 3° and levels the page.
    QImage page(800, 800, QImage::Format_Grayscale8);
    page.fill(255);
    {
        QPainter p(&page);
        for (int y = 100; y < 700; y += 40)
            p.fillRect(100, y, 600, 12, Qt::black);
    }
    QImage turned = page.convertToFormat(QImage::Format_ARGB32_Premultiplied)
                        .transformed(QTransform().rotate(3.0), Qt::SmoothTransformation);
    QImage grey(turned.size(), QImage::Format_Grayscale8);
    grey.fill(255);
    {
        QPainter p(&grey);
        p.drawImage(0, 0, turned);
    }
    const OcrPreprocessor::Prepared prepared = OcrPreprocessor::prepare(grey);
    QVERIFY2(std::abs(prepared.skewDegrees - 3.0) <= 0.3, qPrintable(QString::number(prepared.skewDegrees)));
    // and the page comes out level
    const double left = OcrPreprocessor::skewAngle(prepared.binary);
    QVERIFY2(std::abs(left) <= 0.3, qPrintable(QString::number(left)));
    QVERIFY(std::abs(OcrPreprocessor::skewAngle(OcrPreprocessor::prepare(page).binary)) <= 0.2);
}

QTEST_GUILESS_MAIN(TestExtractFields)
#include "TestExtractFields.moc"
