#include "ops/eu/iban/BankRegistry.h"
#include "ops/eu/iban/GermanAccountCheck.h"
#include "ops/eu/iban/IbanRegistry.h"
#include "ops/eu/iban/IbanValidator.h"

#include <QTest>
#include <atomic>
#include <thread>
#include <vector>

using namespace Qt::StringLiterals;
using namespace ades::eu;

// Expected values come from published examples (SWIFT registry, central-bank lists, Bundesbank test
// accounts) or, for corrupted cases, from an independent script that changes one BBAN digit and recomputes
// only the IBAN check digits (ISO 7064), so that exactly the national check must fail.
class TestIbanValidator : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void analyse_data();
    void analyse();
    void printFormAndNormalisation_data();
    void printFormAndNormalisation();
    void nationalChecksum_data();
    void nationalChecksum();
    void germanNotChecked_data();
    void germanNotChecked();
    void germanMethods_data();
    void germanMethods();
    void germanSubAccountShift();
    void qrIban_data();
    void qrIban();
    void bicLookup_data();
    void bicLookup();
    void messageNamesTheField_data();
    void messageNamesTheField();
    void mod97FoldsLetters();
    void sharedAcrossThreads();

private:
    const IbanValidator m_validator;
};

void TestIbanValidator::analyse_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("errorCode"); // empty: valid
    QTest::addColumn<bool>("checksumAndStructureOk");

    QTest::newRow("de-electronic") << u"DE89370400440532013000"_s << QString() << true;
    QTest::newRow("de-spaced-print-form") << u"DE89 3704 0044 0532 0130 00"_s << QString() << true;
    QTest::newRow("de-lower-case") << u"de89370400440532013000"_s << QString() << true;
    QTest::newRow("de-tabs-and-nbsp") << u"\tDE89\u00a03704 0044 0532 0130 00\n"_s << QString() << true;
    QTest::newRow("fr-dashes") << u"FR76-3000-6000-0112-3456-7890-189"_s << u"format"_s << false;
    QTest::newRow("dots") << u".."_s << u"format"_s << false;
    QTest::newRow("empty") << u"   "_s << u"format"_s << false;
    QTest::newRow("country-only") << u"NL"_s << u"format"_s << false;
    QTest::newRow("letters-as-check-digits") << u"DEAA370400440532013000"_s << u"format"_s << false;
    // U+0131 (dotless i) upper-cases to 'I' with QString::toUpper(): must not pass as AIBK.
    QTest::newRow("ie-lookalike-letter") << u"IE29A\u0131BK93115212345678"_s << u"format"_s << false;
    QTest::newRow("fullwidth-digit") << u"DE89370400440532013\uff100"_s << u"format"_s << false;
    QTest::newRow("gb-digit-where-letter") << u"GB12 BARC 2020 1530 093A 59"_s << u"format"_s << false;
    QTest::newRow("unknown-country") << u"XX89370400440532013000"_s << u"country"_s << false;
    QTest::newRow("too-short") << u"DE89 3704 0044 0532 0130"_s << u"length"_s << false;
    QTest::newRow("too-long") << u"DE89 3704 0044 0532 0130 0000"_s << u"length"_s << false;
    QTest::newRow("wrong-check-digits") << u"DE99370400440532013000"_s << u"checksum"_s << false;
    // These pass the bare mod-97 test: only the 02..98 rule rejects them.
    QTest::newRow("check-digits-00") << u"DE00370400440532013050"_s << u"checksum"_s << false;
    QTest::newRow("check-digits-01") << u"GB01BARC20714583608387"_s << u"checksum"_s << false;
    QTest::newRow("check-digits-99") << u"DE99370400440532013014"_s << u"checksum"_s << false;
    // ... while the same BBANs with the proper digits are fine.
    QTest::newRow("check-digits-97") << u"DE97370400440532013050"_s << QString() << true;
    QTest::newRow("check-digits-02") << u"DE02370400440532013014"_s << QString() << true;
    QTest::newRow("swapped-digits") << u"DE89370400440523013000"_s << u"checksum"_s << false;
    QTest::newRow("non-swift-country") << u"AO06004400006729503010102"_s << QString() << true;
    QTest::newRow("national-failure") << u"BE41539007547035"_s << u"national_checksum"_s << true;
}

void TestIbanValidator::analyse()
{
    QFETCH(QString, input);
    QFETCH(QString, errorCode);
    QFETCH(bool, checksumAndStructureOk);

    const IbanAnalysis a = m_validator.analyse(input);
    QCOMPARE(a.errorCode(), errorCode);
    QCOMPARE(a.isValid(), errorCode.isEmpty());
    QCOMPARE(a.checksumAndStructureOk(), checksumAndStructureOk);
    QCOMPARE(a.input, input);
    QVERIFY(!a.message.isEmpty());
    if (a.isValid()) {
        QCOMPARE(a.normalized.size(), a.length);
        QCOMPARE(a.country + a.checkDigits + a.bban, a.normalized);
    }
}

void TestIbanValidator::printFormAndNormalisation_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("normalized");
    QTest::addColumn<QString>("formatted");

    QTest::newRow("electronic") << u"DE89370400440532013000"_s << u"DE89370400440532013000"_s
                                << u"DE89 3704 0044 0532 0130 00"_s;
    QTest::newRow("odd-grouping") << u"ly83 002 048 000020100120361"_s << u"LY83002048000020100120361"_s
                                  << u"LY83 0020 4800 0020 1001 2036 1"_s;
    QTest::newRow("keeps-bad-characters") << u"FR76-3000"_s << u"FR76-3000"_s << u"FR76 -300 0"_s;
}

void TestIbanValidator::printFormAndNormalisation()
{
    QFETCH(QString, input);
    QFETCH(QString, normalized);
    QFETCH(QString, formatted);

    const IbanAnalysis a = m_validator.analyse(input);
    QCOMPARE(a.normalized, normalized);
    QCOMPARE(a.formatted, formatted);
    QCOMPARE(a.length, normalized.size());
}

void TestIbanValidator::nationalChecksum_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<bool>("nationalOk");
    QTest::addColumn<QString>("method");

    const struct
    {
        const char *country;
        const char16_t *valid;
        const char16_t *corrupted;
        const char *method;
    } cases[] = {
        { "BE", u"BE68539007547034", u"BE41539007547035", "BE" },
        { "ES", u"ES9121000418450200051332", u"ES6421000418450200051333", "ES" },
        { "FR", u"FR1420041010050500013M02606", u"FR8420041010050500013M02607", "FR" },
        { "MC", u"MC5811222000010123456789030", u"MC3111222000010123456789031", "MC" },
        { "IT", u"IT60X0542811101000000123456", u"IT33X0542811101000000123457", "IT" },
        { "SM", u"SM86U0322509800000000270100", u"SM59U0322509800000000270101", "SM" },
        { "PT", u"PT50000201231234567890154", u"PT23000201231234567890155", "PT" },
        { "SI", u"SI56263300012039086", u"SI29263300012039087", "SI" },
        { "BA", u"BA391290079401028494", u"BA121290079401028495", "BA" },
        { "ME", u"ME25505000012345678951", u"ME95505000012345678952", "ME" },
        { "MK", u"MK07250120000058984", u"MK77250120000058985", "MK" },
        { "RS", u"RS35260005601001611379", u"RS84260005601001611370", "RS" },
        { "TL", u"TL380080012345678910157", u"TL110080012345678910158", "TL" },
        { "MR", u"MR1300020001010000123456753", u"MR8300020001010000123456754", "MR" },
        { "TN", u"TN5910006035183598478831", u"TN3210006035183598478832", "TN" },
        { "PL", u"PL61109010140000071219812874", u"PL36109010150000071219812874", "PL" },
        { "NO", u"NO9386011117947", u"NO6686011117948", "NO" },
        { "FI", u"FI2112345600000785", u"FI9112345600000786", "FI" },
        { "EE", u"EE382200221020145685", u"EE112200221020145686", "EE" },
        { "CZ", u"CZ6508000000192000145399", u"CZ1708000000192000145390", "CZ" },
        { "SK", u"SK3112000000198742637541", u"SK0412000000198742637542", "SK" },
        { "IS", u"IS140159260076545510730339", u"IS350159260076545510730349", "IS" },
        // Commerzbank 37040044 uses Bundesbank method 13.
        { "DE", u"DE89370400440532013000", u"DE08370400440532013100", "DE:13" },
    };
    for (const auto &c : cases) {
        const QString method = QString::fromLatin1(c.method);
        QTest::addRow("%s-valid", c.country) << QString::fromUtf16(c.valid) << true << method;
        QTest::addRow("%s-corrupted", c.country) << QString::fromUtf16(c.corrupted) << false << method;
    }
    // Spain: a computed 10 is written 1 (and 11 is written 0).
    QTest::newRow("ES-ten-written-one") << u"ES3521000421150200051332"_s << true << u"ES"_s;
    QTest::newRow("ES-ten-written-zero") << u"ES7321000421050200051332"_s << false << u"ES"_s;
    // Norway: accounts with 00 in digits 5-6 are checked over digits 7-10 only.
    QTest::newRow("NO-00-account") << u"NO8330001234567"_s << true << u"NO"_s;
    // Belgium: remainder 0 is written 97.
    QTest::newRow("BE-remainder-97") << u"BE54050000017797"_s << true << u"BE"_s;
    // Italy with letters in the account part.
    QTest::newRow("IT-letters") << u"IT12D3918913896CHTEE9UATVVO"_s << true << u"IT"_s;
    QTest::newRow("IT-letters-corrupted") << u"IT37D3918913896CHTEE0UATVVO"_s << false << u"IT"_s;
    // France with letters in the account part.
    QTest::newRow("FR-letters") << u"FR22200410100505QZABCMGEF65"_s << true << u"FR"_s;
}

void TestIbanValidator::nationalChecksum()
{
    QFETCH(QString, input);
    QFETCH(bool, nationalOk);
    QFETCH(QString, method);

    const IbanAnalysis a = m_validator.analyse(input);
    // The corrupted cases keep correct IBAN check digits: only the national level may fail.
    QVERIFY2(a.checksumAndStructureOk(), qPrintable(a.message));
    QCOMPARE(a.national.status, nationalOk ? CheckStatus::Ok : CheckStatus::Failed);
    QCOMPARE(a.national.method, method);
    QCOMPARE(a.errorCode(), nationalOk ? QString() : u"national_checksum"_s);
}

void TestIbanValidator::germanNotChecked_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("reasonFragment");

    QTest::newRow("method-09-no-check-digit") << u"DE93100000000012345678"_s << u"09"_s;
    QTest::newRow("method-91-not-checked")
        << u"DE90100909000012345678"_s << u"not among the methods this version checks"_s;
    QTest::newRow("bank-not-in-list") << u"DE61512308002622196545"_s << u"not in the Bundesbank list"_s;
    QTest::newRow("gb-no-national-check") << u"GB29NWBK60161331926819"_s << QString();
    QTest::newRow("nl-eleven-test-not-applied") << u"NL91ABNA0417164300"_s << QString();
}

void TestIbanValidator::germanNotChecked()
{
    QFETCH(QString, input);
    QFETCH(QString, reasonFragment);

    const IbanAnalysis a = m_validator.analyse(input);
    QVERIFY2(a.isValid(), qPrintable(a.message));
    QCOMPARE(a.national.status, CheckStatus::NotChecked);
    QVERIFY2(a.national.reason.contains(reasonFragment), qPrintable(a.national.reason));
    if (!reasonFragment.isEmpty())
        QVERIFY2(a.message.contains(u"not checked"_s), qPrintable(a.message));
}

void TestIbanValidator::germanMethods_data()
{
    QTest::addColumn<QString>("method");
    QTest::addColumn<QString>("account");
    QTest::addColumn<int>("checkPosition"); // 1-based position of the check digit

    // Test accounts published with the Bundesbank method descriptions (as collected in
    // mdomke/schwifty tests/test_checksum.py), plus the Commerzbank example for method 13.
    const struct
    {
        const char *method;
        const char *account;
        int checkPosition;
    } cases[] = {
        { "00", "0009290701", 10 },
        { "00", "0539290858", 10 },
        { "00", "0001501824", 10 },
        { "00", "0001501832", 10 },
        { "06", "0094012341", 10 },
        { "06", "5073321010", 10 },
        { "10", "0012345008", 10 },
        { "10", "0087654008", 10 },
        { "13", "0532013000", 8 },
        { "32", "0009141405", 10 },
        { "32", "1709107983", 10 },
        { "32", "0122116979", 10 },
        { "32", "0121114867", 10 },
        { "32", "9030101192", 10 },
        { "32", "9245500460", 10 },
        { "34", "9913000700", 8 },
        { "34", "9914001000", 8 },
        { "38", "0000191919", 10 },
        { "38", "0001100660", 10 },
        { "63", "0123456600", 8 },
        { "88", "0002525259", 10 },
        { "88", "0001000500", 10 },
        { "88", "0090013000", 10 },
        { "88", "0092525253", 10 },
        { "88", "0099913003", 10 },
        { "99", "0068007003", 10 },
        { "99", "0847321750", 10 },
    };
    for (const auto &c : cases) {
        QTest::addRow("%s-%s", c.method, c.account)
            << QString::fromLatin1(c.method) << QString::fromLatin1(c.account) << c.checkPosition;
    }
}

void TestIbanValidator::germanMethods()
{
    QFETCH(QString, method);
    QFETCH(QString, account);
    QFETCH(int, checkPosition);

    QVERIFY(GermanAccountCheck::isImplemented(method));
    QCOMPARE(GermanAccountCheck::verify(method, account), std::optional<bool>(true));
    // Every other value of the check digit must be rejected.
    for (int digit = 0; digit <= 9; ++digit) {
        QString wrong = account;
        const QChar replacement(u'0' + digit);
        if (wrong.at(checkPosition - 1) == replacement)
            continue;
        wrong[checkPosition - 1] = replacement;
        QCOMPARE(GermanAccountCheck::verify(method, wrong), std::optional<bool>(false));
    }
}

void TestIbanValidator::germanSubAccountShift()
{
    // Methods 13 and 63: a number written without its 00 sub-account is shifted left and checked again.
    QCOMPARE(GermanAccountCheck::verify(u"13"_s, u"0005320130"_s), std::optional<bool>(true));
    QCOMPARE(GermanAccountCheck::verify(u"63"_s, u"0001234566"_s), std::optional<bool>(true));
    // Only a number with two leading zeros can have lost its sub-account.
    QCOMPARE(GermanAccountCheck::verify(u"13"_s, u"0532013100"_s), std::optional<bool>(false));
    // Method 63 numbers always start with 0.
    QCOMPARE(GermanAccountCheck::verify(u"63"_s, u"1123456600"_s), std::optional<bool>(false));
    // Method 99 exempts a range; 09 has no check digit; unknown methods are not guessed.
    QCOMPARE(GermanAccountCheck::verify(u"99"_s, u"0400000000"_s), std::optional<bool>());
    QCOMPARE(GermanAccountCheck::verify(u"09"_s, u"1234567890"_s), std::optional<bool>());
    QCOMPARE(GermanAccountCheck::verify(u"91"_s, u"2974118000"_s), std::optional<bool>());
}

void TestIbanValidator::qrIban_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<bool>("qr");

    QTest::newRow("ch-qr-iid-31999") << u"CH4431999123000889012"_s << true;
    QTest::newRow("li-qr-iid-30000") << u"LI7030000123000889012"_s << true;
    QTest::newRow("ch-ordinary") << u"CH9300762011623852957"_s << false;
    QTest::newRow("de-never-qr") << u"DE89370400440532013000"_s << false;
}

void TestIbanValidator::qrIban()
{
    QFETCH(QString, input);
    QFETCH(bool, qr);

    const IbanAnalysis a = m_validator.analyse(input);
    QVERIFY2(a.isValid(), qPrintable(a.message));
    QCOMPARE(a.qrIban, qr);
    QCOMPARE(a.message.contains(u"QR-IBAN"_s), qr);
}

void TestIbanValidator::bicLookup_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("bankCode");
    QTest::addColumn<QString>("bic"); // from banks/<cc>.json
    QTest::addColumn<bool>("primary");

    QTest::newRow("de-commerzbank") << u"DE89370400440532013000"_s << u"37040044"_s << u"COBADEFFXXX"_s
                                    << true;
    QTest::newRow("at-erste") << u"AT592011100000123456"_s << u"20111"_s << u"GIBAATWWXXX"_s << true;
    // No row for 01000 is marked primary: the secondary row still names the bank (as the reference does).
    QTest::newRow("at-secondary-row") << u"AT930100000000123145"_s << u"01000"_s << u"BUNDATWWXXX"_s << false;
    QTest::newRow("fr-credit-agricole")
        << u"FR7630006000011234567890189"_s << u"30006"_s << u"AGRIFRPPXXX"_s << true;
    QTest::newRow("it-bpb") << u"IT60X0542811101000000123456"_s << u"05428"_s << u"BLOPIT22"_s << true;
    QTest::newRow("es-caixabank") << u"ES9121000418450200051332"_s << u"2100"_s << u"CAIXESBB"_s << true;
    // SI looks banks up by bank + branch (registry.json bic_lookup_components).
    QTest::newRow("si-bank-and-branch") << u"SI56192001234567892"_s << u"19"_s << u"SZKBSI2XXXX"_s << true;
}

void TestIbanValidator::bicLookup()
{
    QFETCH(QString, input);
    QFETCH(QString, bankCode);
    QFETCH(QString, bic);
    QFETCH(bool, primary);

    const IbanAnalysis a = m_validator.analyse(input);
    QVERIFY2(a.isValid(), qPrintable(a.message));
    QCOMPARE(a.bankCode, bankCode);
    const std::optional<BankInfo> bank = m_validator.lookupBank(a);
    QVERIFY(bank.has_value());
    QCOMPARE(bank->bic, bic);
    QCOMPARE(bank->primary, primary);
    QVERIFY(!bank->name.isEmpty());
}

void TestIbanValidator::messageNamesTheField_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("fragment");

    QTest::newRow("bad-character") << u"FR76-3000"_s << u"'-' at position 5"_s;
    QTest::newRow("unknown-country") << u"XX89370400440532013000"_s << u"'XX'"_s;
    QTest::newRow("length") << u"DE8937040044053201300"_s << u"has 22 characters, this one has 21"_s;
    QTest::newRow("bban-kind") << u"GB12BARC20201530093A59"_s << u"'A' at position 20 must be a digit"_s;
    QTest::newRow("reserved-check-digits") << u"GB00HLFX11016111455365"_s << u"00 are never valid"_s;
    QTest::newRow("national") << u"DE08370400440532013100"_s << u"method 13 of bank 37040044"_s;
}

void TestIbanValidator::messageNamesTheField()
{
    QFETCH(QString, input);
    QFETCH(QString, fragment);

    const IbanAnalysis a = m_validator.analyse(input);
    QVERIFY(!a.isValid());
    QVERIFY2(a.message.startsWith(u"iban: "_s), qPrintable(a.message));
    QVERIFY2(a.message.contains(fragment), qPrintable(a.message));
}

void TestIbanValidator::mod97FoldsLetters()
{
    // ISO 13616 worked example: GB82 WEST 1234 5698 7654 32 rearranged is 3214282912345698765432161182.
    QCOMPARE(IbanValidator::mod97(u"WEST12345698765432GB82"), 1);
    QCOMPARE(IbanValidator::mod97(u"3214282912345698765432161182"), 1);
    // Check digits are 98 - (BBAN + country + "00") mod 97.
    QCOMPARE(98 - IbanValidator::mod97(u"WEST12345698765432GB00"), 82);
}

void TestIbanValidator::sharedAcrossThreads()
{
    // One validator (and its compiled regexes and registries) serves every server thread.
    const QStringList inputs = { u"DE89370400440532013000"_s, u"FR1420041010050500013M02606"_s,
        u"GB12 BARC 2020 1530 093A 59"_s, u"BE41539007547035"_s, u"SI56192001234567892"_s };
    QStringList expected;
    for (const QString &input : inputs) {
        const IbanAnalysis a = m_validator.analyse(input);
        const auto bank = m_validator.lookupBank(a);
        expected.append(a.errorCode() + u'|' + (bank ? bank->bic : QString()));
    }
    std::atomic<int> mismatches = 0;
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&] {
            for (int round = 0; round < 2000; ++round) {
                const qsizetype i = round % inputs.size();
                const IbanAnalysis a = m_validator.analyse(inputs.at(i));
                const auto bank = m_validator.lookupBank(a);
                if (a.errorCode() + u'|' + (bank ? bank->bic : QString()) != expected.at(i))
                    ++mismatches;
            }
        });
    }
    for (std::thread &thread : threads)
        thread.join();
    QCOMPARE(mismatches.load(), 0);
}

QTEST_APPLESS_MAIN(TestIbanValidator)
#include "TestIbanValidator.moc"
