#include "TestData.h"
#include "ops/eu/sanctions/GzipReader.h"
#include "ops/eu/sanctions/SanctionsListParser.h"

#include <QFile>
#include <QProcess>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades::eu;

// Parsers on the real list files of ../shared/data/sanctions (counts from data/sanctions/SOURCES.md) and
// on the broken bodies a download can return instead of a list.
class TestSanctionsParsers : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void unConsolidatedXml();
    void euFsfExcerpt();
    void ukSanctionsListSample();
    void ukWalletAddressesFromOtherInformation();
    void combinedSnapshot();
    void snapshotPlainEqualsGzip();
    void ofsiConListCsv();
    void detect_data();
    void detect();
    void malformed_data();
    void malformed();
    void gzipCorruption_data();
    void gzipCorruption();

private:
    static QByteArray readShared(const QString &path);
};

QByteArray TestSanctionsParsers::readShared(const QString &path)
{
    QFile file(ades::test::sharedDataDir() + u"/sanctions/"_s + path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

static const SanctionsEntry *findEntry(const SanctionsList &list, const QString &reference)
{
    for (const SanctionsEntry &e : list.entries)
        if (e.reference == reference)
            return &e;
    return nullptr;
}

void TestSanctionsParsers::unConsolidatedXml()
{
    ADES_REQUIRE_SHARED_DATA();
    const auto parsed = SanctionsListParser::parseUnXml(readShared(u"un/un_consolidated_2026-02-27.xml"_s));
    QVERIFY2(parsed.ok(), qPrintable(parsed.ok() ? QString() : parsed.error().message()));
    const SanctionsList &list = parsed.value();
    QCOMPARE(list.generationDate, u"2026-02-27T00:00:09.554Z"_s);
    QCOMPARE(list.entries.size(), 1003);
    int persons = 0;
    int weak = 0;
    int former = 0;
    int original = 0;
    for (const SanctionsEntry &e : list.entries) {
        persons += e.subjectType == SanctionsEntry::SubjectType::Person;
        for (const NameVariant &v : e.names) {
            weak += v.weak;
            former += v.kind == NameVariant::Kind::FormerName;
            original += v.kind == NameVariant::Kind::OriginalScript;
        }
    }
    QCOMPARE(persons, 730);
    QVERIFY2(
        weak > 500 && weak <= 615, qPrintable(QString::number(weak))); // "Low" aliases, duplicates folded
    QVERIFY(former > 0 && former <= 19);
    QVERIFY(original >= 370 && original <= 378);
    const SanctionsEntry *badege = findEntry(list, u"CDi.001"_s);
    QVERIFY(badege);
    QCOMPARE(badege->displayName(), u"ERIC BADEGE"_s);
    QCOMPARE(badege->secondaryId, u"6907993"_s);
    QCOMPARE(badege->programme, u"DRC"_s);
    QCOMPARE(badege->countries, QStringList { u"Democratic Republic of the Congo"_s });
    QCOMPARE(badege->birthDates, QStringList { u"1971"_s });
    QCOMPARE(badege->listDate, list.generationDate);
    const SanctionsEntry *saddam = findEntry(list, u"IQi.001"_s);
    QVERIFY(saddam);
    QCOMPARE(saddam->birthDates, QStringList { u"1937-04-28"_s });
    bool arabic = false;
    for (const NameVariant &v : saddam->names)
        arabic = arabic || (v.kind == NameVariant::Kind::OriginalScript && v.name == u"صدام حسين التكريتي"_s);
    QVERIFY(arabic);
}

void TestSanctionsParsers::euFsfExcerpt()
{
    ADES_REQUIRE_SHARED_DATA();
    const auto parsed = SanctionsListParser::parseEuXml(readShared(u"eu/eu_fsf_excerpt_2026-08-05.xml"_s));
    QVERIFY2(parsed.ok(), qPrintable(parsed.ok() ? QString() : parsed.error().message()));
    const SanctionsList &list = parsed.value();
    QCOMPARE(list.generationDate, u"2026-08-05T16:47:04.449+02:00"_s);
    QCOMPARE(list.entries.size(), 5);
    const SanctionsEntry *first = findEntry(list, u"EU.3579.2"_s);
    QVERIFY(first);
    QCOMPARE(first->secondaryId, u"191"_s);
    QCOMPARE(first->list, SanctionsEntry::List::Eu);
    QCOMPARE(first->subjectType, SanctionsEntry::SubjectType::Person);
    QVERIFY(!first->regulations.isEmpty());
    QCOMPARE(first->programme, first->regulations.last().programme);
    QVERIFY(first->regulations.last().publicationUrl.startsWith(u"https://eur-lex.europa.eu/"_s));
    QVERIFY(first->names.size() >= 2);
    bool languageKept = false;
    for (const SanctionsEntry &e : list.entries)
        for (const NameVariant &v : e.names)
            languageKept = languageKept || !v.language.isEmpty();
    QVERIFY(languageKept);
    for (const SanctionsEntry &e : list.entries)
        QVERIFY2(!e.displayName().isEmpty(), qPrintable(e.reference));
}

void TestSanctionsParsers::ukSanctionsListSample()
{
    ADES_REQUIRE_SHARED_DATA();
    const auto parsed = SanctionsListParser::parseUkXml(
        readShared(u"uk/uk_sanctions_list_sample_trimmed_2026-09-10.xml"_s));
    QVERIFY2(parsed.ok(), qPrintable(parsed.ok() ? QString() : parsed.error().message()));
    const SanctionsList &list = parsed.value();
    QCOMPARE(list.generationDate, u"2026-09-10"_s);
    QCOMPARE(list.entries.size(), 5);
    const SanctionsEntry *exchange = findEntry(list, u"AFG0001"_s);
    QVERIFY(exchange);
    QCOMPARE(exchange->subjectType, SanctionsEntry::SubjectType::Entity);
    QCOMPARE(exchange->displayName(), u"HAJI KHAIRULLAH MONEY EXCHANGE"_s);
    QCOMPARE(exchange->unReference, u"TAe.010"_s);
    QCOMPARE(exchange->secondaryId, u"12703"_s);
    QCOMPARE(exchange->programme, u"The Afghanistan (Sanctions) (EU Exit) Regulations 2020"_s);
    QCOMPARE(exchange->listedOn, u"2012-06-29"_s);
    const SanctionsEntry *ship = findEntry(list, u"DPR0075"_s);
    QVERIFY(ship);
    QCOMPARE(ship->subjectType, SanctionsEntry::SubjectType::Ship);
    const SanctionsEntry *person = findEntry(list, u"AFG0006"_s);
    QVERIFY(person);
    QCOMPARE(person->subjectType, SanctionsEntry::SubjectType::Person);
    QVERIFY(person->birthDates.contains(u"1958-05-12"_s));
    QVERIFY(person->birthDates.contains(u"1945"_s));
    QVERIFY(person->countries.contains(u"Afghanistan"_s));
}

void TestSanctionsParsers::combinedSnapshot()
{
    ADES_REQUIRE_SHARED_DATA();
    const auto parsed = SanctionsListParser::parse(readShared(u"index_all_lists.derived.jsonl.gz"_s));
    QVERIFY2(parsed.ok(), qPrintable(parsed.ok() ? QString() : parsed.error().message()));
    const SanctionsList &list = parsed.value();
    QCOMPARE(list.entries.size(), 13212);
    QHash<SanctionsEntry::List, int> perList;
    qsizetype names = 0;
    for (const SanctionsEntry &e : list.entries) {
        perList[e.list]++;
        names += e.names.size();
    }
    QCOMPARE(perList.value(SanctionsEntry::List::Un), 1003);
    QCOMPARE(perList.value(SanctionsEntry::List::Eu), 5860);
    QCOMPARE(perList.value(SanctionsEntry::List::Uk), 6349);
    QVERIFY2(names > 45000, qPrintable(QString::number(names)));
    const SanctionsEntry *eu = findEntry(list, u"EU.10271.28"_s);
    QVERIFY(eu);
    QCOMPARE(eu->secondaryId, u"154314"_s);
    QCOMPARE(eu->listDate, u"2026-05-01"_s);
    QCOMPARE(eu->regulations.last().numberTitle, u"2023/1216 (OJ L159 I)"_s);
    QCOMPARE(eu->countries, (QStringList { u"RU"_s, u"UA"_s }));
    bool cyrillic = false;
    for (const NameVariant &v : eu->names)
        cyrillic = cyrillic || (v.language == u"RU"_s && v.name.startsWith(u"Татьяна"_s));
    QVERIFY(cyrillic);
    QCOMPARE(list.generationDate, u"2026-08-22"_s);
}

void TestSanctionsParsers::snapshotPlainEqualsGzip()
{
    ADES_REQUIRE_SHARED_DATA();
    const QString path
        = ades::test::sharedDataDir() + u"/sanctions/eu/eu_fsf_entities_2026-05-01.derived.jsonl.gz"_s;
    QProcess gunzip;
    gunzip.start(u"gzip"_s, { u"-dc"_s, path });
    if (!gunzip.waitForFinished(10000) || gunzip.exitCode() != 0)
        QSKIP("gzip is not available to cross-check the inflater");
    const QByteArray reference = gunzip.readAllStandardOutput();
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const auto inflated = GzipReader::decompress(file.readAll());
    QVERIFY(inflated.ok());
    QCOMPARE(inflated.value().size(), reference.size());
    QVERIFY(inflated.value() == reference);
}

// A hand-made ConList excerpt in OFSI's documented 2022 CSV layout: no real copy is in the
// shared corpus since the list closed.
void TestSanctionsParsers::ofsiConListCsv()
{
    const QByteArray csv
        = "\xef\xbb\xbfLast Updated,27/01/2026\r\n"
          "Name 6,Name 1,Name 2,Name 3,Name 4,Name 5,Title,Name Non-Latin Script,"
          "Non-Latin Script Type,Non-Latin Script Language,DOB,Town of Birth,Country of Birth,"
          "Nationality,Other Information,Group Type,Alias Type,Alias Quality,Regime,Listed On,"
          "Last Updated,Group ID\r\n"
          "AKHUND,Mohammad,Hassan,,,,Mullah,محمد حسن آخوند,Arabic,Pashto,dd/mm/1958,Kandahar,"
          "Afghanistan,Afghanistan,\"Deputy, Council of Ministers\",Individual,Primary name,,"
          "Afghanistan,25/01/2001,01/02/2021,7206\r\n"
          "AKHUND,Mohammed,Hassan,,,,,,,,01/01/1955,,,Afghanistan,\"multi\nline\",Individual,AKA,"
          "Low,Afghanistan,25/01/2001,01/02/2021,7206\r\n"
          "NAM SAN 8,,,,,,,,,,,,,,,Ship,Primary name,,DPRK,30/03/2018,,13628\r\n";
    QCOMPARE(SanctionsListParser::detect(csv), SanctionsListParser::Format::OfsiConListCsv);
    const auto parsed = SanctionsListParser::parse(csv);
    QVERIFY2(parsed.ok(), qPrintable(parsed.ok() ? QString() : parsed.error().message()));
    const SanctionsList &list = parsed.value();
    QCOMPARE(list.generationDate, u"2026-01-27"_s);
    QCOMPARE(list.entries.size(), 2);
    const SanctionsEntry &person = list.entries.at(0);
    QCOMPARE(person.reference, u"7206"_s);
    QCOMPARE(person.list, SanctionsEntry::List::Uk);
    QCOMPARE(person.subjectType, SanctionsEntry::SubjectType::Person);
    QCOMPARE(person.displayName(), u"Mohammad Hassan AKHUND"_s);
    QCOMPARE(person.names.size(), 3);
    QCOMPARE(person.names.at(1).kind, NameVariant::Kind::OriginalScript);
    QCOMPARE(person.names.at(1).language, u"Pashto"_s);
    QVERIFY(person.names.at(2).weak);
    QCOMPARE(person.birthDates, (QStringList { u"1958"_s, u"1955-01-01"_s }));
    QCOMPARE(person.countries, QStringList { u"Afghanistan"_s });
    QCOMPARE(person.listedOn, u"2001-01-25"_s);
    QCOMPARE(list.entries.at(1).subjectType, SanctionsEntry::SubjectType::Ship);
    QCOMPARE(list.entries.at(1).programme, u"DPRK"_s);

    const auto noGroup
        = SanctionsListParser::parseOfsiConListCsv("Last Updated,27/01/2026\nName 6,Group Type\nX,Entity\n");
    QVERIFY(!noGroup.ok());
    QCOMPARE(noGroup.error().code(), u"list_malformed"_s);
    QVERIFY(noGroup.error().message().contains(u"group id"_s));
    const auto noRows
        = SanctionsListParser::parseOfsiConListCsv("Last Updated,27/01/2026\nName 6,Group Type,Group ID\n");
    QVERIFY(!noRows.ok());
    QCOMPARE(noRows.error().code(), u"list_empty"_s);
}

void TestSanctionsParsers::detect_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("format");
    QTest::newRow("un") << u"un/un_consolidated_2026-02-27.xml"_s << int(SanctionsListParser::Format::UnXml);
    QTest::newRow("eu") << u"eu/eu_fsf_excerpt_2026-08-05.xml"_s << int(SanctionsListParser::Format::EuXml);
    QTest::newRow("uk") << u"uk/uk_sanctions_list_sample_trimmed_2026-09-10.xml"_s
                        << int(SanctionsListParser::Format::UkXml);
    QTest::newRow("snapshot-gz") << u"index_all_lists.derived.jsonl.gz"_s
                                 << int(SanctionsListParser::Format::SnapshotJsonl);
}

void TestSanctionsParsers::detect()
{
    ADES_REQUIRE_SHARED_DATA();
    QFETCH(QString, path);
    QFETCH(int, format);
    QCOMPARE(int(SanctionsListParser::detect(readShared(path))), format);
}

void TestSanctionsParsers::malformed_data()
{
    QTest::addColumn<int>("format");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("code");
    const int un = int(SanctionsListParser::Format::UnXml);
    const int eu = int(SanctionsListParser::Format::EuXml);
    const int uk = int(SanctionsListParser::Format::UkXml);
    const int snap = int(SanctionsListParser::Format::SnapshotJsonl);
    const QByteArray html = "<!DOCTYPE html><html><head><title>500</title></head><body>Error</body></html>";
    QTest::newRow("un-truncated") << un
                                  << QByteArray(
                                         "<CONSOLIDATED_LIST dateGenerated=\"x\"><INDIVIDUALS><INDIVIDUAL>"
                                         "<DATAID>1</DATAID><FIRST_NAME>A")
                                  << u"list_malformed"_s;
    QTest::newRow("un-html") << un << html << u"list_is_html"_s;
    QTest::newRow("un-empty-list") << un
                                   << QByteArray(
                                          "<CONSOLIDATED_LIST><INDIVIDUALS/><ENTITIES/></CONSOLIDATED_LIST>")
                                   << u"list_empty"_s;
    QTest::newRow("un-empty-body") << un << QByteArray() << u"list_empty"_s;
    QTest::newRow("un-wrong-root") << un
                                   << QByteArray("<export xmlns=\"http://eu.europa.ec/fpi/fsd/export\"/>")
                                   << u"list_wrong_root"_s;
    QTest::newRow("eu-json-error") << eu << QByteArray("{\"status\":500,\"error\":\"Internal Server Error\"}")
                                   << u"list_not_xml"_s;
    QTest::newRow("eu-html") << eu << html << u"list_is_html"_s;
    QTest::newRow("eu-truncated")
        << eu
        << QByteArray("<export xmlns=\"http://eu.europa.ec/fpi/fsd/export\"><sanctionEntity "
                      "euReferenceNumber=\"EU.1\"><nameAlias wholeName=")
        << u"list_malformed"_s;
    QTest::newRow("eu-empty-list") << eu
                                   << QByteArray("<export xmlns=\"http://eu.europa.ec/fpi/fsd/export\"/>")
                                   << u"list_empty"_s;
    QTest::newRow("uk-truncated") << uk << QByteArray("<Designations><Designation><UniqueID>X")
                                  << u"list_malformed"_s;
    QTest::newRow("uk-empty-list")
        << uk << QByteArray("<Designations><DateGenerated>01/01/2026</DateGenerated></Designations>")
        << u"list_empty"_s;
    QTest::newRow("snapshot-bad-line")
        << snap << QByteArray("{\"list\":\"UN\",\"ref\":\"a\",\"name\":\"x\"}\n{oops\n")
        << u"snapshot_malformed"_s;
    QTest::newRow("snapshot-bad-list")
        << snap << QByteArray("{\"list\":\"US\",\"ref\":\"a\",\"name\":\"x\"}\n") << u"snapshot_malformed"_s;
    QTest::newRow("snapshot-empty") << snap << QByteArray("\n\n") << u"list_empty"_s;
    QTest::newRow("snapshot-html") << snap << html << u"list_is_html"_s;
    QTest::newRow("conlist-html") << int(SanctionsListParser::Format::OfsiConListCsv) << html
                                  << u"list_is_html"_s;
    QTest::newRow("conlist-no-last-updated") << int(SanctionsListParser::Format::OfsiConListCsv)
                                             << QByteArray("Name 6,Group ID\nX,1\n") << u"list_malformed"_s;
    QTest::newRow("auto-unknown") << int(SanctionsListParser::Format::Unknown)
                                  << QByteArray("name;ref\nfoo;bar\n") << u"list_format_unknown"_s;
    QTest::newRow("auto-html") << int(SanctionsListParser::Format::Unknown) << html << u"list_is_html"_s;
}

void TestSanctionsParsers::malformed()
{
    QFETCH(int, format);
    QFETCH(QByteArray, body);
    QFETCH(QString, code);
    ades::Result<SanctionsList> result = SanctionsList {};
    switch (SanctionsListParser::Format(format)) {
    case SanctionsListParser::Format::UnXml:
        result = SanctionsListParser::parseUnXml(body);
        break;
    case SanctionsListParser::Format::EuXml:
        result = SanctionsListParser::parseEuXml(body);
        break;
    case SanctionsListParser::Format::UkXml:
        result = SanctionsListParser::parseUkXml(body);
        break;
    case SanctionsListParser::Format::SnapshotJsonl:
        result = SanctionsListParser::parseSnapshotJsonl(body);
        break;
    case SanctionsListParser::Format::OfsiConListCsv:
        result = SanctionsListParser::parseOfsiConListCsv(body);
        break;
    case SanctionsListParser::Format::Unknown:
        result = SanctionsListParser::parse(body);
        break;
    }
    QVERIFY(!result.ok());
    QCOMPARE(result.error().code(), code);
    QCOMPARE(result.error().param(), u"file"_s);
    QVERIFY(!result.error().message().isEmpty());
}

void TestSanctionsParsers::gzipCorruption_data()
{
    QTest::addColumn<int>("cut");
    QTest::addColumn<int>("flip");
    QTest::newRow("truncated-half") << 2 << -1;
    QTest::newRow("truncated-trailer") << -4 << -1;
    QTest::newRow("flipped-byte") << 0 << 200;
}

void TestSanctionsParsers::gzipCorruption()
{
    ADES_REQUIRE_SHARED_DATA();
    QFETCH(int, cut);
    QFETCH(int, flip);
    QByteArray data = readShared(u"eu/eu_fsf_entities_2026-05-01.derived.jsonl.gz"_s);
    QVERIFY(GzipReader::isGzip(data));
    if (cut > 0)
        data.truncate(data.size() / cut);
    else if (cut < 0)
        data.chop(-cut);
    if (flip >= 0)
        data[flip] = char(data[flip] ^ 0x5a);
    const auto result = GzipReader::decompress(data);
    QVERIFY(!result.ok());
    QCOMPARE(result.error().code(), u"invalid_gzip"_s);
}

// The UK list names wallets only in OtherInformation's free text: the EVM ones are kept, lower case and once
// each; Tron and Bitcoin addresses are not EVM addresses and are left out.
void TestSanctionsParsers::ukWalletAddressesFromOtherInformation()
{
    QFile file(ades::test::sourceDir() + u"/tests/data/sanctions/uk-wallets.xml"_s);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const auto parsed = SanctionsListParser::parseUkXml(file.readAll());
    QVERIFY2(parsed.ok(), parsed.ok() ? "" : qPrintable(parsed.error().message()));
    const QList<SanctionsEntry> &entries = parsed.value().entries;
    QCOMPARE(entries.size(), 2);
    QCOMPARE(entries.at(0).reference, u"CTD0004"_s);
    QCOMPARE(entries.at(0).walletAddresses,
        (QStringList { u"0x175d44451403edf28469df03a9280c1197adb92c"_s,
            u"0xe950dc316b836e4eefb8308bf32bf7c72a1358ff"_s,
            u"0x21b8d56bda776bbe68655a16895afd96f5534fed"_s }));
    QCOMPARE(entries.at(1).walletAddresses,
        (QStringList { u"0xd599ac04a1c786972b81e0fef6fb0c3e7b52f8a7"_s,
            u"0xae05eb856cb28c156d9722094f5eefd5693bc181"_s }));
}

QTEST_GUILESS_MAIN(TestSanctionsParsers)
#include "TestSanctionsParsers.moc"
