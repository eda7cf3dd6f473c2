#include "ops/eu/sanctions/SanctionsIndex.h"

#include <QJsonArray>
#include <QTest>
#include <atomic>
#include <thread>
#include <vector>

using namespace Qt::StringLiterals;
using namespace ades::eu;

// The index and matcher on a small hand-built list, so every expectation is about one behaviour: variant
// reporting, weak aliases, filters, birth-date/country adjustments, thresholds and sharing across threads.
class TestSanctionsMatcher : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void finds_data();
    void finds();
    void hitFields();
    void weakAliasExactOnly();
    void listAndSubjectFilters();
    void birthDateAndCountry_data();
    void birthDateAndCountry();
    void thresholdCuts();
    void emptyIndexAndQuery();
    void sharedAcrossThreads();

private:
    std::shared_ptr<const SanctionsIndex> m_index;
};

static SanctionsEntry makeEntry(SanctionsEntry::List list, const QString &ref,
    SanctionsEntry::SubjectType type, const QList<NameVariant> &names, const QStringList &countries = {},
    const QStringList &births = {})
{
    SanctionsEntry e;
    e.list = list;
    e.reference = ref;
    e.subjectType = type;
    e.names = names;
    e.countries = countries;
    e.birthDates = births;
    e.programme = u"TEST"_s;
    e.regulations.append(Regulation { u"2024/1 (OJ L1)"_s, u"TEST"_s, u"2024-01-02"_s, u"2024-01-03"_s,
        u"https://eur-lex.europa.eu/eli/test"_s });
    e.listDate = u"2026-05-01"_s;
    return e;
}

void TestSanctionsMatcher::initTestCase()
{
    using K = NameVariant::Kind;
    using L = SanctionsEntry::List;
    using S = SanctionsEntry::SubjectType;
    SanctionsList eu;
    eu.entries.append(makeEntry(L::Eu, u"EU.7510.16"_s, S::Person,
        { { u"Vladimir Vladimirovich PUTIN"_s, K::Primary, u"EN"_s, false },
            { u"Владимир Владимирович ПУТИН"_s, K::Alias, u"RU"_s, false },
            { u"Vladimir POUTINE"_s, K::Alias, u"FR"_s, false } },
        { u"RU"_s }, { u"1952-10-07"_s }));
    eu.entries.append(makeEntry(L::Eu, u"EU.1.1"_s, S::Entity,
        { { u"Alfa Trading Limited Liability Company"_s, K::Primary, {}, false } }, { u"RU"_s }));
    SanctionsList un;
    un.entries.append(makeEntry(L::Un, u"QDi.001"_s, S::Person,
        { { u"Ahmad Oumar Imhamad al-Fitouri"_s, K::Primary, {}, false },
            { u"Abu Omar"_s, K::Alias, {}, true } },
        { u"Libya"_s }, { u"1960"_s }));
    un.entries.append(makeEntry(L::Un, u"IQi.001"_s, S::Person,
        { { u"SADDAM HUSSEIN AL-TIKRITI"_s, K::Primary, {}, false },
            { u"صدام حسين التكريتي"_s, K::OriginalScript, {}, false } },
        { u"Iraq"_s }, { u"1937-04-28"_s }));
    SanctionsList uk;
    uk.entries.append(makeEntry(
        L::Uk, u"RUS0251"_s, S::Person, { { u"Vladimir PUTIN"_s, K::Primary, {}, false } }, { u"Russia"_s }));
    uk.entries.append(makeEntry(L::Uk, u"DPR0075"_s, S::Ship, { { u"NAM SAN 8"_s, K::Primary, {}, false } }));
    m_index = SanctionsIndex::build({ eu, un, uk });
    QCOMPARE(m_index->entries().size(), 6);
}

void TestSanctionsMatcher::finds_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("reference");
    QTest::addColumn<QString>("variant");
    QTest::newRow("exact") << u"Vladimir Vladimirovich Putin"_s << u"EU.7510.16"_s
                           << u"Vladimir Vladimirovich PUTIN"_s;
    QTest::newRow("cyrillic-query") << u"Путин Владимир"_s << u"RUS0251"_s << u"Vladimir PUTIN"_s;
    QTest::newRow("cyrillic-full") << u"Владимир Владимирович Путин"_s << u"EU.7510.16"_s
                                   << u"Vladimir Vladimirovich PUTIN"_s;
    QTest::newRow("french-variant") << u"Vladimir Poutine"_s << u"EU.7510.16"_s << u"Vladimir POUTINE"_s;
    QTest::newRow("swapped-order") << u"al-Fitouri, Ahmad Oumar Imhamad"_s << u"QDi.001"_s
                                   << u"Ahmad Oumar Imhamad al-Fitouri"_s;
    QTest::newRow("dropped-middle") << u"Ahmad al-Fitouri"_s << u"QDi.001"_s
                                    << u"Ahmad Oumar Imhamad al-Fitouri"_s;
    QTest::newRow("merged-particle") << u"Ahmad Oumar Imhamad Alfitouri"_s << u"QDi.001"_s
                                     << u"Ahmad Oumar Imhamad al-Fitouri"_s;
    QTest::newRow("arabic-script") << u"صدام حسين التكريتي"_s << u"IQi.001"_s << u"صدام حسين التكريتي"_s;
    QTest::newRow("typo") << u"Sadam Husein al-Tikriti"_s << u"IQi.001"_s << u"SADDAM HUSSEIN AL-TIKRITI"_s;
    QTest::newRow("legal-form-variant")
        << u"Alfa Trading LLC"_s << u"EU.1.1"_s << u"Alfa Trading Limited Liability Company"_s;
}

void TestSanctionsMatcher::finds()
{
    QFETCH(QString, name);
    QFETCH(QString, reference);
    QFETCH(QString, variant);
    SanctionsQuery query;
    query.name = name;
    const QList<SanctionsHit> hits = m_index->screen(query);
    QVERIFY2(!hits.isEmpty(), qPrintable(name));
    QCOMPARE(hits.first().entry.reference, reference);
    QCOMPARE(hits.first().matchedName.name, variant);
    QVERIFY(hits.first().score >= kDefaultSanctionsThreshold);
}

void TestSanctionsMatcher::hitFields()
{
    SanctionsQuery query;
    query.name = u"Vladimir Poutine"_s;
    query.lists = { SanctionsEntry::List::Eu };
    const QList<SanctionsHit> hits = m_index->screen(query);
    QCOMPARE(hits.size(), 1);
    const QJsonObject json = hits.first().toJson();
    QCOMPARE(json.value(u"list"_s).toString(), u"eu"_s);
    QCOMPARE(json.value(u"reference"_s).toString(), u"EU.7510.16"_s);
    QCOMPARE(json.value(u"name"_s).toString(), u"Vladimir Vladimirovich PUTIN"_s);
    QCOMPARE(json.value(u"programme"_s).toString(), u"TEST"_s);
    QCOMPARE(json.value(u"regulation"_s).toString(), u"2024/1 (OJ L1)"_s);
    QCOMPARE(json.value(u"publication_url"_s).toString(), u"https://eur-lex.europa.eu/eli/test"_s);
    QCOMPARE(json.value(u"countries"_s).toArray().first().toString(), u"RU"_s);
    QCOMPARE(json.value(u"birth_dates"_s).toArray().first().toString(), u"1952-10-07"_s);
    QCOMPARE(json.value(u"aliases"_s).toArray().size(), 2);
    QCOMPARE(json.value(u"list_generation_date"_s).toString(), u"2026-05-01"_s);
    QCOMPARE(json.value(u"subject_type"_s).toString(), u"person"_s);
    const QJsonObject matched = json.value(u"matched_name"_s).toObject();
    QCOMPARE(matched.value(u"kind"_s).toString(), u"alias"_s);
    QCOMPARE(matched.value(u"name"_s).toString(), u"Vladimir POUTINE"_s);
    QCOMPARE(matched.value(u"language"_s).toString(), u"FR"_s);
    QVERIFY(json.value(u"score"_s).toDouble() >= kDefaultSanctionsThreshold);
}

void TestSanctionsMatcher::weakAliasExactOnly()
{
    SanctionsQuery query;
    query.name = u"Abu Omar"_s;
    QList<SanctionsHit> hits = m_index->screen(query);
    QCOMPARE(hits.size(), 1);
    QVERIFY(hits.first().matchedName.weak);
    QVERIFY(hits.first().score < 1.0);
    query.name = u"Abu Omer"_s;
    hits = m_index->screen(query);
    QVERIFY2(hits.isEmpty(), "a weak alias must not match fuzzily");
}

void TestSanctionsMatcher::listAndSubjectFilters()
{
    SanctionsQuery query;
    query.name = u"Vladimir Putin"_s;
    QList<SanctionsHit> hits = m_index->screen(query);
    QCOMPARE(hits.size(), 2);
    query.lists = { SanctionsEntry::List::Uk };
    hits = m_index->screen(query);
    QCOMPARE(hits.size(), 1);
    QCOMPARE(hits.first().entry.reference, u"RUS0251"_s);
    query.lists = { SanctionsEntry::List::Un };
    QVERIFY(m_index->screen(query).isEmpty());

    SanctionsQuery ship;
    ship.name = u"Nam San 8"_s;
    ship.subjectType = SanctionsEntry::SubjectType::Ship;
    QCOMPARE(m_index->screen(ship).size(), 1);
    ship.subjectType = SanctionsEntry::SubjectType::Person;
    QVERIFY(m_index->screen(ship).isEmpty());
}

void TestSanctionsMatcher::birthDateAndCountry_data()
{
    QTest::addColumn<QString>("birthDate");
    QTest::addColumn<QString>("country");
    QTest::addColumn<int>("direction"); // sign of the adjustment
    QTest::newRow("same-date") << u"1937-04-28"_s << QString() << 1;
    QTest::newRow("same-year-other-day") << u"1937-05-01"_s << QString() << -1;
    QTest::newRow("year-only-match") << u"1937"_s << QString() << 0;
    QTest::newRow("other-year") << u"1970"_s << QString() << -1;
    QTest::newRow("country-name-match") << QString() << u"Iraq"_s << 1;
    QTest::newRow("country-code-match") << QString() << u"iq"_s << 1;
    QTest::newRow("country-mismatch") << QString() << u"FR"_s << -1;
    QTest::newRow("country-unknown") << QString() << u"Atlantis"_s << 0;
}

void TestSanctionsMatcher::birthDateAndCountry()
{
    QFETCH(QString, birthDate);
    QFETCH(QString, country);
    QFETCH(int, direction);
    const SanctionsEntry *saddam = nullptr;
    for (const SanctionsEntry &e : m_index->entries())
        if (e.reference == u"IQi.001"_s)
            saddam = &e;
    QVERIFY(saddam);
    const double adjust
        = SanctionsIndex::adjustment(*saddam, birthDate, SanctionsIndex::countryCode(country));
    QCOMPARE(adjust > 0 ? 1 : (adjust < 0 ? -1 : 0), direction);

    SanctionsQuery query;
    query.name = u"Saddam Hussein al-Tikriti"_s;
    query.birthDate = birthDate;
    query.country = country;
    query.threshold = 0.0;
    const QList<SanctionsHit> hits = m_index->screen(query);
    QVERIFY(!hits.isEmpty());
    QCOMPARE(hits.first().nameScore, 1.0);
    QCOMPARE(hits.first().score, std::clamp(1.0 + adjust, 0.0, 1.0));
}

void TestSanctionsMatcher::thresholdCuts()
{
    SanctionsQuery query;
    query.name = u"Vladimir Petrov"_s;
    query.threshold = 0.0;
    const QList<SanctionsHit> all = m_index->screen(query);
    QVERIFY(!all.isEmpty());
    const double top = all.first().score;
    QVERIFY(top < kDefaultSanctionsThreshold);
    query.threshold = top + 0.001;
    QVERIFY(m_index->screen(query).isEmpty());
    query.threshold = top;
    QVERIFY(!m_index->screen(query).isEmpty());
    SanctionsQuery unrelated;
    unrelated.name = u"Patricia Lucas Wheeler"_s;
    QVERIFY(m_index->screen(unrelated).isEmpty());
}

void TestSanctionsMatcher::emptyIndexAndQuery()
{
    const auto empty = SanctionsIndex::build({});
    SanctionsQuery query;
    query.name = u"Vladimir Putin"_s;
    QVERIFY(empty->screen(query).isEmpty());
    QVERIFY(empty->loadedLists().isEmpty());
    query.name = u" -- "_s;
    QVERIFY(m_index->screen(query).isEmpty());
    QCOMPARE(m_index->loadedLists().size(), 3);
    QCOMPARE(m_index->generationDate(SanctionsEntry::List::Eu), u"2026-05-01"_s);
}

void TestSanctionsMatcher::sharedAcrossThreads()
{
    const std::shared_ptr<const SanctionsIndex> index = m_index;
    std::atomic<int> failures { 0 };
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([index, &failures] {
            SanctionsQuery query;
            query.name = u"Saddam Hussein"_s;
            for (int i = 0; i < 200; ++i) {
                const QList<SanctionsHit> hits = index->screen(query);
                if (hits.isEmpty() || hits.first().entry.reference != u"IQi.001"_s)
                    ++failures;
            }
        });
    }
    for (std::thread &t : threads)
        t.join();
    QCOMPARE(failures.load(), 0);
}

QTEST_GUILESS_MAIN(TestSanctionsMatcher)
#include "TestSanctionsMatcher.moc"
