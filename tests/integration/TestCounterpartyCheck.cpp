#include "FakeGleif.h"
#include "FakeVies.h"
#include "TestData.h"
#include "catalog/SchemaValidator.h"
#include "core/Clock.h"
#include "core/Settings.h"
#include "ops/eu/counterparty/CounterpartyCheck.h"
#include "ops/eu/counterparty/CounterpartyFindings.h"
#include "ops/eu/lei/GleifClient.h"
#include "ops/eu/lei/LeiCode.h"
#include "ops/eu/sanctions/SanctionsLists.h"
#include "ops/eu/vat/VatIdValidator.h"
#include "ops/eu/vat/ViesClient.h"
#include "upstream/UpstreamClient.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <memory>
#include <optional>

using namespace Qt::StringLiterals;
using ades::Outcome;
using ades::test::FakeGleif;
using ades::test::FakeVies;
namespace Findings = ades::eu::CounterpartyFindings;

// eu.counterparty.check against a loopback VIES and GLEIF (tests/support/FakeVies, FakeGleif) through the
// real UpstreamClient, with the sanctions lists of the shared fixture: every verdict the sources can
// produce, every error form of each source, and that the sources are asked at the same time.
class TestCounterpartyCheck : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void needsOneIdentifyingInput_data();
    void needsOneIdentifyingInput();
    void clearWithAllFourChecks();
    void sanctionsMatchBlocks();
    void nearMatchAsksForReview();
    void viesNameIsScreenedAndCompared();
    void viesInvalidAsksForReview();
    void consultationNumberIsCited();
    void ibanInvalidAsksForReview();
    void leiStatuses_data();
    void leiStatuses();
    void leiLegalNameIsScreened();
    void leiCheckDigitsFailWithoutNetwork();
    void lowerCaseLeiIsAccepted();
    void unknownLeiAsksForReview();
    void nameSearchFiltersByCountry();
    void gleifErrorFormsAreMissing_data();
    void gleifErrorFormsAreMissing();
    void gleifTimeoutIsMissing();
    void viesDownIsMissingNeverClear();
    void onlySourceDownIsUncharged503();
    void everySourceDownIsUncharged503();
    void sourcesAreAskedTogether();
    void gleifAnswersAreReused();

private:
    using Pending = std::shared_ptr<std::optional<Outcome>>;
    void makeHandler(
        const QHash<QString, QString> &extra = {}, const ades::eu::SanctionsLists *lists = nullptr);
    Pending call(const QJsonObject &args);
    // Waits for the answer and returns the delivered result (fails the test on an error).
    QJsonObject delivered(const QJsonObject &args);
    // A recorded GLEIF record with these statuses whose legal name screens below the review score.
    QJsonObject recordedRecord(
        const QString &registration, const QString &entity, const QString &country = {});
    double topScore(const QString &name) const;

    QTemporaryDir m_dir;
    std::unique_ptr<ades::eu::SanctionsLists> m_lists;
    std::unique_ptr<ades::eu::SanctionsLists> m_emptyLists;
    std::unique_ptr<FakeVies> m_vies;
    std::unique_ptr<FakeGleif> m_gleif;
    std::unique_ptr<ades::Settings> m_settings;
    std::unique_ptr<ades::FixedClock> m_clock;
    std::unique_ptr<ades::UpstreamClient> m_upstream;
    ades::Handler m_handler;
    QJsonObject m_outputSchema;
};

namespace {

constexpr int WaitMs = 8000;
const QString ValidIban = u"DE89 3704 0044 0532 0130 00"_s; // the Bundesbank's published example IBAN
const QString DeVat = u"DE136695976"_s; // valid in the fake's registry, name not disclosed

QStringList codes(const QJsonObject &result)
{
    QStringList out;
    const QJsonArray reasons = result.value(u"reasons"_s).toArray();
    for (const QJsonValue &r : reasons)
        out << r.toObject().value(u"code"_s).toString();
    return out;
}

QString checkStatus(const QJsonObject &result, const QString &check)
{
    return result.value(u"checks"_s).toObject().value(check).toObject().value(u"status"_s).toString();
}

QStringList strings(const QJsonValue &array)
{
    QStringList out;
    const QJsonArray a = array.toArray();
    for (const QJsonValue &v : a)
        out << v.toString();
    return out;
}

} // namespace

void TestCounterpartyCheck::initTestCase()
{
    ADES_REQUIRE_SHARED_DATA();
    QVERIFY(m_dir.isValid());
    m_lists = std::make_unique<ades::eu::SanctionsLists>(m_dir.filePath(u"lists"_s));
    const auto imported
        = m_lists->import({ ades::test::sharedDataDir() + u"/sanctions/index_all_lists.derived.jsonl.gz"_s });
    QVERIFY2(imported.ok(), imported.ok() ? "" : qPrintable(imported.error().message()));
    m_emptyLists = std::make_unique<ades::eu::SanctionsLists>(m_dir.filePath(u"empty"_s));
    QFile schema(ades::test::sourceDir() + u"/service/ops/eu/schemas/counterparty.check.out.json"_s);
    QVERIFY(schema.open(QIODevice::ReadOnly));
    m_outputSchema = QJsonDocument::fromJson(schema.readAll()).object();
    QVERIFY(!m_outputSchema.isEmpty());
}

void TestCounterpartyCheck::init()
{
    ADES_REQUIRE_SHARED_DATA();
    m_vies = std::make_unique<FakeVies>();
    QVERIFY2(m_vies->isReady(), qPrintable(m_vies->errorString()));
    m_gleif = std::make_unique<FakeGleif>();
    QVERIFY2(m_gleif->isReady(), qPrintable(m_gleif->errorString()));
    makeHandler();
}

void TestCounterpartyCheck::cleanup()
{
    m_handler = nullptr;
    m_upstream.reset();
    m_settings.reset();
    m_clock.reset();
    m_vies.reset();
    m_gleif.reset();
}

void TestCounterpartyCheck::makeHandler(
    const QHash<QString, QString> &extra, const ades::eu::SanctionsLists *lists)
{
    m_handler = nullptr;
    m_upstream.reset();
    QHash<QString, QString> values { { u"upstream/vies/base_url"_s, m_vies->baseUrl() },
        { u"upstream/vies/timeout_ms"_s, u"5000"_s }, { u"upstream/gleif/base_url"_s, m_gleif->baseUrl() },
        { u"upstream/gleif/timeout_ms"_s, u"5000"_s } };
    values.insert(extra);
    m_settings = std::make_unique<ades::Settings>(ades::Settings::fromValues(QString(), values));
    m_clock = std::make_unique<ades::FixedClock>(QDateTime(QDate(2026, 11, 21), QTime(8, 0), Qt::UTC));
    m_upstream = std::make_unique<ades::UpstreamClient>(*m_settings, *m_clock);
    m_upstream->addSource(ades::eu::ViesClient::sourceDefaults());
    m_upstream->addSource(ades::eu::GleifClient::sourceDefaults());
    m_handler = ades::eu::makeCounterpartyCheckHandler(
        *m_upstream, *m_settings, *m_clock, lists ? *lists : *m_lists);
}

TestCounterpartyCheck::Pending TestCounterpartyCheck::call(const QJsonObject &args)
{
    auto pending = std::make_shared<std::optional<Outcome>>();
    m_handler(args, {}, [pending](Outcome outcome) {
        Q_ASSERT(!pending->has_value()); // called exactly once
        pending->emplace(std::move(outcome));
    });
    return pending;
}

QJsonObject TestCounterpartyCheck::delivered(const QJsonObject &args)
{
    auto r = call(args);
    if (!QTest::qWaitFor([&r]() { return r->has_value(); }, WaitMs)) {
        qWarning("no answer within %d ms", WaitMs);
        return {};
    }
    if (!(*r)->ok()) {
        qWarning("error: %s", qPrintable((*r)->error().message()));
        return {};
    }
    const QJsonObject result = (*r)->value().data;
    if (const auto violation = ades::SchemaValidator::validate(m_outputSchema, result)) {
        qWarning("result breaks the output schema: %s", qPrintable(violation->message()));
        return {};
    }
    return result;
}

double TestCounterpartyCheck::topScore(const QString &name) const
{
    ades::eu::SanctionsQuery query;
    query.name = name;
    query.threshold = 0.5;
    query.limit = 1;
    const QList<ades::eu::SanctionsHit> hits = m_lists->index()->screen(query);
    return hits.isEmpty() ? 0.0 : hits.first().score;
}

QJsonObject TestCounterpartyCheck::recordedRecord(
    const QString &registration, const QString &entity, const QString &country)
{
    const QList<QJsonObject> records = m_gleif->records();
    for (const QJsonObject &r : records) {
        if ((registration.isEmpty() || r.value(u"registration_status"_s).toString() == registration)
            && (entity.isEmpty() || r.value(u"entity_status"_s).toString() == entity)
            && (country.isEmpty() || r.value(u"country"_s).toString() == country)
            && topScore(r.value(u"legal_name"_s).toString()) < Findings::reviewScore())
            return r;
    }
    return {};
}

void TestCounterpartyCheck::needsOneIdentifyingInput_data()
{
    QTest::addColumn<QJsonObject>("args");
    QTest::newRow("nothing") << QJsonObject {};
    QTest::newRow("country-only") << QJsonObject { { u"country"_s, u"DE"_s } };
    QTest::newRow("all-empty") << QJsonObject { { u"name"_s, u"  "_s }, { u"vat"_s, u""_s },
        { u"iban"_s, u""_s }, { u"lei"_s, u""_s } };
}

void TestCounterpartyCheck::needsOneIdentifyingInput()
{
    QFETCH(QJsonObject, args);
    auto r = call(args);
    QVERIFY(r->has_value()); // answered at once, nothing asked upstream
    QVERIFY(!(*r)->ok());
    QCOMPARE((*r)->error().httpStatus(), 422);
    QCOMPARE((*r)->error().code(), u"missing_field"_s);
    for (const QString &field : { u"name"_s, u"vat"_s, u"iban"_s, u"lei"_s }) {
        QVERIFY((*r)->error().message().contains(field));
        QVERIFY((*r)->error().missing().contains(field));
    }
    QCOMPARE(m_vies->requestCount() + m_gleif->requestCount(), 0);
}

void TestCounterpartyCheck::clearWithAllFourChecks()
{
    const QJsonObject rec = recordedRecord(u"ISSUED"_s, u"ACTIVE"_s, u"DE"_s);
    QVERIFY(!rec.isEmpty());
    const QString name = rec.value(u"legal_name"_s).toString();
    const QJsonObject result = delivered({ { u"name"_s, name }, { u"vat"_s, DeVat }, { u"iban"_s, ValidIban },
        { u"lei"_s, rec.value(u"lei"_s) }, { u"country"_s, u"de"_s } });
    QVERIFY(!result.isEmpty());
    QCOMPARE(result.value(u"verdict"_s).toString(), u"clear"_s);
    for (const QString &check : { u"vat"_s, u"sanctions"_s, u"iban"_s, u"lei"_s })
        QCOMPARE(checkStatus(result, check), u"ok"_s);
    QVERIFY(strings(result.value(u"missing_checks"_s)).isEmpty());
    QVERIFY(strings(result.value(u"not_run"_s)).isEmpty());
    QVERIFY(result.value(u"recommendation"_s).toString().startsWith(u"Proceed"_s));
    // Every check cites its source and time.
    const QJsonArray sources = result.value(u"sources"_s).toArray();
    QCOMPARE(sources.size(), 4);
    QStringList cited;
    for (const QJsonValue &v : sources) {
        const QJsonObject s = v.toObject();
        cited << s.value(u"check"_s).toString() + u':' + s.value(u"source"_s).toString();
        QVERIFY2(!s.value(u"checked_at"_s).toString().isEmpty(), qPrintable(s.value(u"check"_s).toString()));
    }
    cited.sort();
    QCOMPARE(cited,
        (QStringList {
            u"iban:iban_registry"_s, u"lei:gleif"_s, u"sanctions:sanctions_lists"_s, u"vat:vies"_s }));
    const QJsonObject lei = result.value(u"checks"_s).toObject().value(u"lei"_s).toObject();
    QCOMPARE(lei.value(u"record"_s).toObject().value(u"legal_name"_s).toString(), name);
    QVERIFY(!lei.value(u"as_of"_s).toString().isEmpty());
    QCOMPARE(lei.value(u"source_snapshots"_s).toArray().first().toObject().value(u"source"_s).toString(),
        u"gleif"_s);
    QCOMPARE(result.value(u"input"_s).toObject().value(u"country"_s).toString(), u"DE"_s);
}

void TestCounterpartyCheck::sanctionsMatchBlocks()
{
    // A listed entity's own name, taken from the loaded lists.
    QString listed;
    for (const auto &entry : m_lists->index()->entries()) {
        if (entry.subjectType == ades::eu::SanctionsEntry::SubjectType::Entity
            && entry.displayName().size() > 8) {
            listed = entry.displayName();
            break;
        }
    }
    QVERIFY(!listed.isEmpty());
    QVERIFY(topScore(listed) >= Findings::blockScore());
    const QJsonObject result = delivered({ { u"name"_s, listed }, { u"iban"_s, ValidIban } });
    QVERIFY(!result.isEmpty());
    QCOMPARE(result.value(u"verdict"_s).toString(), u"blocked"_s);
    QCOMPARE(codes(result).first(), u"sanctions_match"_s);
    QCOMPARE(checkStatus(result, u"sanctions"_s), u"blocked"_s);
    const QJsonObject sanctions = result.value(u"checks"_s).toObject().value(u"sanctions"_s).toObject();
    QVERIFY(sanctions.value(u"top_score"_s).toDouble() >= Findings::blockScore());
    QVERIFY(
        !sanctions.value(u"hits"_s).toArray().first().toObject().value(u"reference"_s).toString().isEmpty());
    QVERIFY(result.value(u"recommendation"_s).toString().startsWith(u"Do not proceed"_s));
}

void TestCounterpartyCheck::nearMatchAsksForReview()
{
    // A variant of a listed name that scores in the review band [review score, block score): found by
    // dropping or changing words of listed entity names, scored by the same index.
    QString nearName;
    const auto &entries = m_lists->index()->entries();
    for (qsizetype i = 0; i < entries.size() && nearName.isEmpty(); ++i) {
        if (entries.at(i).subjectType != ades::eu::SanctionsEntry::SubjectType::Entity)
            continue;
        const QStringList words = entries.at(i).displayName().split(u' ', Qt::SkipEmptyParts);
        if (words.size() < 3)
            continue;
        QStringList candidates;
        for (qsizetype w = 0; w < words.size(); ++w) {
            QStringList dropped = words;
            dropped.removeAt(w);
            candidates << dropped.join(u' ');
            candidates << words.join(u' ') + u" Trading"_s;
            QStringList changed = words;
            changed[w] = changed[w] + u"x"_s;
            candidates << changed.join(u' ');
        }
        for (const QString &c : std::as_const(candidates)) {
            const double s = topScore(c);
            if (s >= Findings::reviewScore() + 0.005 && s < Findings::blockScore() - 0.005) {
                nearName = c;
                break;
            }
        }
        if (i > 4000)
            break;
    }
    QVERIFY2(!nearName.isEmpty(), "no name in the review band found among listed entities");
    const QJsonObject result = delivered({ { u"name"_s, nearName } });
    QVERIFY(!result.isEmpty());
    QCOMPARE(result.value(u"verdict"_s).toString(), u"review"_s);
    QVERIFY2(codes(result).contains(u"sanctions_near_match"_s), qPrintable(codes(result).join(u',')));
    QVERIFY(!codes(result).contains(u"sanctions_match"_s));
}

void TestCounterpartyCheck::viesNameIsScreenedAndCompared()
{
    // IE6388047V: the fake's registry discloses the name; given another name, both are screened.
    const QString given = u"Acme Paper Supplies Ltd"_s;
    const QJsonObject result = delivered({ { u"name"_s, given }, { u"vat"_s, u"IE6388047V"_s } });
    QVERIFY(!result.isEmpty());
    const QJsonObject vat = result.value(u"checks"_s).toObject().value(u"vat"_s).toObject();
    const QString viesName = vat.value(u"name"_s).toString();
    QVERIFY(!viesName.isEmpty());
    const QStringList screened = strings(
        result.value(u"checks"_s).toObject().value(u"sanctions"_s).toObject().value(u"names_screened"_s));
    QCOMPARE(screened, (QStringList { given, viesName }));
    QCOMPARE(vat.value(u"name_match"_s).toString(), u"different"_s);
    QVERIFY(codes(result).contains(u"vat_name_mismatch"_s));
    QCOMPARE(result.value(u"verdict"_s).toString(), u"review"_s);

    // The same name as VIES registers it (other case and legal form spelling) is screened once.
    const QJsonObject same = delivered({ { u"name"_s, viesName.toLower() }, { u"vat"_s, u"IE6388047V"_s } });
    QVERIFY(!same.isEmpty());
    QCOMPARE(
        strings(
            same.value(u"checks"_s).toObject().value(u"sanctions"_s).toObject().value(u"names_screened"_s))
            .size(),
        1);
    QVERIFY(!codes(same).contains(u"vat_name_mismatch"_s));
}

void TestCounterpartyCheck::viesInvalidAsksForReview()
{
    // A well-formed DE number outside the fake's registry, which VIES then reports as not valid.
    QString unregistered;
    const ades::eu::VatIdValidator validator;
    for (int i = 0; i < 100 && unregistered.isEmpty(); ++i) {
        const QString candidate = u"DE1366959%1"_s.arg(i, 2, 10, QChar(u'0'));
        if (candidate != DeVat && validator.analyse(candidate).formatValid)
            unregistered = candidate;
    }
    QVERIFY(!unregistered.isEmpty());
    const QJsonObject rec = recordedRecord(u"ISSUED"_s, u"ACTIVE"_s);
    const QJsonObject result
        = delivered({ { u"name"_s, rec.value(u"legal_name"_s).toString() }, { u"vat"_s, unregistered } });
    QVERIFY(!result.isEmpty());
    QCOMPARE(result.value(u"verdict"_s).toString(), u"review"_s);
    QVERIFY(codes(result).contains(u"vat_not_registered"_s));
    QCOMPARE(checkStatus(result, u"vat"_s), u"review"_s);
}

void TestCounterpartyCheck::consultationNumberIsCited()
{
    makeHandler({ { u"vies/requester_vat_id"_s, u"DE136695976"_s } });
    const QJsonObject result
        = delivered({ { u"name"_s, u"Acme Paper Supplies Ltd"_s }, { u"vat"_s, DeVat } });
    QVERIFY(!result.isEmpty());
    QString cited;
    const QJsonArray sources = result.value(u"sources"_s).toArray();
    for (const QJsonValue &v : sources) {
        if (v.toObject().value(u"check"_s).toString() == u"vat"_s)
            cited = v.toObject().value(u"consultation_number"_s).toString();
    }
    QVERIFY(!m_vies->consultationNumber().isEmpty());
    QCOMPARE(cited, m_vies->consultationNumber());
    QVERIFY(codes(result).contains(u"vat_registered"_s));
}

void TestCounterpartyCheck::ibanInvalidAsksForReview()
{
    QString broken = ValidIban;
    broken.replace(u"0130"_s, u"0131"_s); // one digit off: mod 97 fails
    const QJsonObject rec = recordedRecord(u"ISSUED"_s, u"ACTIVE"_s);
    const QJsonObject result
        = delivered({ { u"name"_s, rec.value(u"legal_name"_s).toString() }, { u"iban"_s, broken } });
    QVERIFY(!result.isEmpty());
    QCOMPARE(result.value(u"verdict"_s).toString(), u"review"_s);
    QVERIFY(codes(result).contains(u"iban_invalid"_s));
    QCOMPARE(result.value(u"checks"_s).toObject().value(u"iban"_s).toObject().value(u"valid"_s).toBool(true),
        false);
}

void TestCounterpartyCheck::leiStatuses_data()
{
    QTest::addColumn<QString>("registration");
    QTest::addColumn<QString>("entity");
    QTest::addColumn<QString>("verdict");
    QTest::addColumn<QString>("code");
    // Recorded as they are, and derived from a recorded ISSUED body (FakeGleif::setStatuses).
    QTest::newRow("issued-active") << u"ISSUED"_s << u"ACTIVE"_s << u"clear"_s << u"lei_issued"_s;
    QTest::newRow("lapsed") << u"LAPSED"_s << u"ACTIVE"_s << u"review"_s << u"lei_lapsed"_s;
    QTest::newRow("pending-transfer")
        << u"PENDING_TRANSFER"_s << u"ACTIVE"_s << u"review"_s << u"lei_pending"_s;
    QTest::newRow("retired") << u"RETIRED"_s << u"ACTIVE"_s << u"blocked"_s << u"lei_ended"_s;
    QTest::newRow("annulled") << u"ANNULLED"_s << u"ACTIVE"_s << u"blocked"_s << u"lei_ended"_s;
    QTest::newRow("merged") << u"MERGED"_s << u"INACTIVE"_s << u"blocked"_s << u"lei_ended"_s;
    QTest::newRow("entity-inactive") << u"ISSUED"_s << u"INACTIVE"_s << u"blocked"_s << u"lei_ended"_s;
}

void TestCounterpartyCheck::leiStatuses()
{
    QFETCH(QString, registration);
    QFETCH(QString, entity);
    QFETCH(QString, verdict);
    QFETCH(QString, code);
    QJsonObject rec = recordedRecord(registration, entity);
    if (rec.isEmpty()) {
        rec = recordedRecord(u"ISSUED"_s, u"ACTIVE"_s);
        QVERIFY(!rec.isEmpty());
        m_gleif->setStatuses(rec.value(u"lei"_s).toString(), registration, entity);
    }
    const QJsonObject result = delivered({ { u"lei"_s, rec.value(u"lei"_s) } });
    QVERIFY(!result.isEmpty());
    QCOMPARE(result.value(u"verdict"_s).toString(), verdict);
    QVERIFY2(codes(result).contains(code), qPrintable(codes(result).join(u',')));
    const QJsonObject record
        = result.value(u"checks"_s).toObject().value(u"lei"_s).toObject().value(u"record"_s).toObject();
    QCOMPARE(record.value(u"registration_status"_s).toString(), registration);
    QCOMPARE(record.value(u"entity_status"_s).toString(), entity);
    QVERIFY(m_gleif->lastPath().endsWith(u"/lei-records/"_s + rec.value(u"lei"_s).toString()));
}

void TestCounterpartyCheck::leiLegalNameIsScreened()
{
    const QJsonObject rec = recordedRecord(u"ISSUED"_s, u"ACTIVE"_s);
    const QJsonObject result = delivered({ { u"lei"_s, rec.value(u"lei"_s) } });
    QVERIFY(!result.isEmpty());
    // With only an LEI, the legal name GLEIF registers is what gets screened: the verdict can be clear.
    QCOMPARE(
        strings(
            result.value(u"checks"_s).toObject().value(u"sanctions"_s).toObject().value(u"names_screened"_s)),
        QStringList { rec.value(u"legal_name"_s).toString() });
    QCOMPARE(result.value(u"verdict"_s).toString(), u"clear"_s);
    QCOMPARE(strings(result.value(u"not_run"_s)), (QStringList { u"vat"_s, u"iban"_s }));
}

void TestCounterpartyCheck::leiCheckDigitsFailWithoutNetwork()
{
    const QJsonObject rec = recordedRecord(u"ISSUED"_s, u"ACTIVE"_s);
    QString lei = rec.value(u"lei"_s).toString();
    // Two check digits that are not the right ones.
    const int right = lei.right(2).toInt();
    lei = lei.left(18) + u"%1"_s.arg(right == 98 ? 2 : right + 1, 2, 10, QChar(u'0'));
    const QJsonObject result = delivered({ { u"name"_s, u"Acme Paper Supplies Ltd"_s }, { u"lei"_s, lei } });
    QVERIFY(!result.isEmpty());
    QCOMPARE(m_gleif->requestCount(), 0);
    QVERIFY(codes(result).contains(u"lei_invalid"_s));
    QCOMPARE(result.value(u"verdict"_s).toString(), u"review"_s);
    QCOMPARE(result.value(u"checks"_s)
                 .toObject()
                 .value(u"lei"_s)
                 .toObject()
                 .value(u"check_digits_valid"_s)
                 .toBool(true),
        false);
}

void TestCounterpartyCheck::lowerCaseLeiIsAccepted()
{
    const QJsonObject rec = recordedRecord(u"ISSUED"_s, u"ACTIVE"_s);
    const QString lei = rec.value(u"lei"_s).toString();
    const QJsonObject result = delivered({ { u"lei"_s, lei.toLower() } });
    QVERIFY(!result.isEmpty());
    QCOMPARE(result.value(u"checks"_s).toObject().value(u"lei"_s).toObject().value(u"lei"_s).toString(), lei);
    QVERIFY(m_gleif->lastPath().endsWith(lei));
    QVERIFY(codes(result).contains(u"lei_issued"_s));
}

void TestCounterpartyCheck::unknownLeiAsksForReview()
{
    const QString base = u"529900ZZZZZZZZZZZZ"_s;
    const QString lei = base + ades::eu::LeiCode::checkDigits(base);
    const QJsonObject result = delivered({ { u"name"_s, u"Acme Paper Supplies Ltd"_s }, { u"lei"_s, lei } });
    QVERIFY(!result.isEmpty());
    QCOMPARE(m_gleif->requestCount(), 1);
    QVERIFY(codes(result).contains(u"lei_not_found"_s));
    QCOMPARE(checkStatus(result, u"lei"_s), u"review"_s);
    QVERIFY(strings(result.value(u"missing_checks"_s)).isEmpty()); // a real "no such LEI", not an outage
}

void TestCounterpartyCheck::nameSearchFiltersByCountry()
{
    const QJsonObject rec = recordedRecord(u"ISSUED"_s, u"ACTIVE"_s, u"DE"_s);
    const QString name = rec.value(u"legal_name"_s).toString();
    QJsonObject result = delivered({ { u"name"_s, name }, { u"country"_s, u"DE"_s } });
    QVERIFY(!result.isEmpty());
    QVERIFY(m_gleif->lastPath().contains(u"filter%5Bentity.legalAddress.country%5D=DE"_s));
    QVERIFY(m_gleif->lastPath().contains(u"filter%5Bfulltext%5D="_s));
    QVERIFY2(codes(result).contains(u"lei_found"_s),
        QJsonDocument(result.value(u"checks"_s).toObject().value(u"lei"_s).toObject()).toJson().constData());
    const QJsonObject lei = result.value(u"checks"_s).toObject().value(u"lei"_s).toObject();
    QCOMPARE(lei.value(u"mode"_s).toString(), u"name"_s);
    QCOMPARE(lei.value(u"matches"_s).toArray().first().toObject().value(u"lei"_s).toString(),
        rec.value(u"lei"_s).toString());
    QCOMPARE(result.value(u"verdict"_s).toString(), u"clear"_s);

    // The same name in another country: no LEI, which is normal for a small business.
    result = delivered({ { u"name"_s, name }, { u"country"_s, u"FR"_s } });
    QVERIFY(!result.isEmpty());
    QVERIFY(codes(result).contains(u"lei_none_found"_s));
    QCOMPARE(checkStatus(result, u"lei"_s), u"ok"_s);
}

void TestCounterpartyCheck::gleifErrorFormsAreMissing_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<bool>("down");
    QTest::newRow("500") << 500 << QByteArray("Internal Server Error") << false;
    QTest::newRow("503-json") << 503 << QByteArray(R"({"errors": [{"status": "503"}]})") << false;
    QTest::newRow("429") << 429
                         << QByteArray(R"({"errors": [{"status": "429", "title": "Too Many Requests"}]})")
                         << false;
    QTest::newRow("malformed") << 200 << QByteArray(R"({"data": {"type": "lei-records", "attributes": )")
                               << false;
    QTest::newRow("404-html") << 404 << QByteArray("<html>not here</html>") << false;
    QTest::newRow("down") << 0 << QByteArray() << true;
}

void TestCounterpartyCheck::gleifErrorFormsAreMissing()
{
    QFETCH(int, status);
    QFETCH(QByteArray, body);
    QFETCH(bool, down);
    if (down)
        m_gleif->setDown(true);
    else
        m_gleif->setForcedAnswer(status, body);
    const QJsonObject rec = recordedRecord(u"ISSUED"_s, u"ACTIVE"_s);
    for (const QJsonObject &args : { QJsonObject { { u"lei"_s, rec.value(u"lei"_s) }, { u"vat"_s, DeVat } },
             QJsonObject { { u"name"_s, rec.value(u"legal_name"_s) }, { u"vat"_s, DeVat } } }) {
        const QJsonObject result = delivered(args);
        QVERIFY(!result.isEmpty());
        QCOMPARE(result.value(u"verdict"_s).toString(), u"review"_s);
        QCOMPARE(strings(result.value(u"missing_checks"_s)), QStringList { u"lei"_s });
        QCOMPARE(checkStatus(result, u"lei"_s), u"missing"_s);
        QCOMPARE(checkStatus(result, u"vat"_s), u"ok"_s);
        QVERIFY(codes(result).contains(u"check_unavailable"_s));
        QVERIFY(!codes(result).contains(u"lei_not_found"_s));
    }
}

void TestCounterpartyCheck::gleifTimeoutIsMissing()
{
    makeHandler({ { u"upstream/gleif/timeout_ms"_s, u"300"_s } });
    m_gleif->setDelayMs(3000);
    const QJsonObject rec = recordedRecord(u"ISSUED"_s, u"ACTIVE"_s);
    const QJsonObject result = delivered({ { u"name"_s, rec.value(u"legal_name"_s) } });
    QVERIFY(!result.isEmpty());
    QCOMPARE(result.value(u"verdict"_s).toString(), u"review"_s);
    QCOMPARE(strings(result.value(u"missing_checks"_s)), QStringList { u"lei"_s });
    QCOMPARE(checkStatus(result, u"sanctions"_s), u"ok"_s);
}

void TestCounterpartyCheck::viesDownIsMissingNeverClear()
{
    m_vies->setDown(true);
    const QJsonObject rec = recordedRecord(u"ISSUED"_s, u"ACTIVE"_s, u"DE"_s);
    const QJsonObject result = delivered({ { u"name"_s, rec.value(u"legal_name"_s) }, { u"vat"_s, DeVat },
        { u"iban"_s, ValidIban }, { u"lei"_s, rec.value(u"lei"_s) } });
    QVERIFY(!result.isEmpty());
    // Everything else passes; the missing VIES answer alone holds the verdict at review.
    QCOMPARE(result.value(u"verdict"_s).toString(), u"review"_s);
    QCOMPARE(strings(result.value(u"missing_checks"_s)), QStringList { u"vat"_s });
    QCOMPARE(checkStatus(result, u"vat"_s), u"missing"_s);
    QCOMPARE(result.value(u"checks"_s).toObject().value(u"vat"_s).toObject().value(u"source"_s).toString(),
        u"vies"_s);
    QVERIFY(result.value(u"recommendation"_s).toString().contains(u"vat"_s));

    m_vies->setDown(false);
    m_vies->setForcedFault(u"MS_UNAVAILABLE"_s); // a member state down is missing evidence too
    const QJsonObject fault = delivered({ { u"name"_s, rec.value(u"legal_name"_s) }, { u"vat"_s, DeVat } });
    QVERIFY(!fault.isEmpty());
    QCOMPARE(fault.value(u"verdict"_s).toString(), u"review"_s);
    QCOMPARE(strings(fault.value(u"missing_checks"_s)), QStringList { u"vat"_s });
}

void TestCounterpartyCheck::onlySourceDownIsUncharged503()
{
    // Only a VAT ID given (no name to screen) and VIES down: no check could run, so no decision is sold.
    m_vies->setDown(true);
    auto r = call({ { u"vat"_s, DeVat } });
    QTRY_VERIFY_WITH_TIMEOUT(r->has_value(), WaitMs);
    QVERIFY(!(*r)->ok());
    QCOMPARE((*r)->error().httpStatus(), 503);
    QCOMPARE((*r)->error().missing(), QStringList { u"vies"_s });
    QCOMPARE((*r)->error().toJson().value(u"missing_checks"_s).toArray(), QJsonArray { u"vat"_s });
    QCOMPARE((*r)->error().toJson().value(u"charged"_s).toBool(true), false);

    // A format-invalid VAT ID needs no source: that is a delivered review.
    const QJsonObject result = delivered({ { u"vat"_s, u"DE123"_s } });
    QVERIFY(!result.isEmpty());
    QVERIFY(codes(result).contains(u"vat_format_invalid"_s));
}

void TestCounterpartyCheck::everySourceDownIsUncharged503()
{
    makeHandler({}, m_emptyLists.get()); // no sanctions list loaded
    m_vies->setDown(true);
    m_gleif->setDown(true);
    auto r = call({ { u"name"_s, u"Acme Paper Supplies Ltd"_s }, { u"vat"_s, DeVat } });
    QTRY_VERIFY_WITH_TIMEOUT(r->has_value(), WaitMs);
    QVERIFY(!(*r)->ok());
    QCOMPARE((*r)->error().httpStatus(), 503);
    QStringList missing = (*r)->error().missing();
    missing.sort();
    QCOMPARE(missing, (QStringList { u"gleif"_s, u"sanctions_lists"_s, u"vies"_s }));
    QVERIFY((*r)->error().isRetryable());

    // With an IBAN as well, one check runs: a delivered review naming the three missing checks.
    const QJsonObject result = delivered(
        { { u"name"_s, u"Acme Paper Supplies Ltd"_s }, { u"vat"_s, DeVat }, { u"iban"_s, ValidIban } });
    QVERIFY(!result.isEmpty());
    QCOMPARE(result.value(u"verdict"_s).toString(), u"review"_s);
    QCOMPARE(
        strings(result.value(u"missing_checks"_s)), (QStringList { u"sanctions"_s, u"vat"_s, u"lei"_s }));
}

void TestCounterpartyCheck::sourcesAreAskedTogether()
{
    // Each source answers only after Delay; asked one after the other, the second request would arrive
    // at least Delay after the first.
    constexpr int Delay = 1500;
    m_vies->setDelayMs(Delay);
    m_gleif->setDelayMs(Delay);
    QElapsedTimer clock;
    qint64 viesAt = -1;
    qint64 gleifAt = -1;
    connect(m_vies.get(), &FakeVies::requestReceived, this, [&]() { viesAt = clock.elapsed(); });
    connect(m_gleif.get(), &FakeGleif::requestReceived, this, [&]() { gleifAt = clock.elapsed(); });
    const QJsonObject rec = recordedRecord(u"ISSUED"_s, u"ACTIVE"_s, u"DE"_s);
    clock.start();
    const QJsonObject result = delivered({ { u"vat"_s, DeVat }, { u"lei"_s, rec.value(u"lei"_s) } });
    QVERIFY(!result.isEmpty());
    QVERIFY(viesAt >= 0 && gleifAt >= 0);
    QVERIFY2(qAbs(viesAt - gleifAt) < Delay,
        qPrintable(u"VIES asked at %1 ms, GLEIF at %2 ms"_s.arg(viesAt).arg(gleifAt)));
    QCOMPARE(result.value(u"verdict"_s).toString(), u"clear"_s);
}

void TestCounterpartyCheck::gleifAnswersAreReused()
{
    const QJsonObject rec = recordedRecord(u"ISSUED"_s, u"ACTIVE"_s);
    // With an IBAN, so that a call whose GLEIF answer is missing is still a decision.
    const QJsonObject args { { u"lei"_s, rec.value(u"lei"_s) }, { u"iban"_s, ValidIban } };
    auto leiCheck = [](const QJsonObject &result) {
        return result.value(u"checks"_s).toObject().value(u"lei"_s).toObject();
    };
    // An error is not kept: the next call asks GLEIF again.
    m_gleif->setForcedAnswer(500, QByteArray("down"));
    QCOMPARE(checkStatus(delivered(args), u"lei"_s), u"missing"_s);
    m_gleif->setForcedAnswer(0, {});
    const QJsonObject first = leiCheck(delivered(args));
    QCOMPARE(m_gleif->requestCount(), 2);
    QCOMPARE(first.value(u"from_cache"_s).toBool(true), false);

    // Within gleif/cache_minutes (60 by default) the answer is reused, citing when GLEIF gave it.
    m_clock->advanceSeconds(59 * 60);
    const QJsonObject second = leiCheck(delivered(args));
    QCOMPARE(m_gleif->requestCount(), 2);
    QCOMPARE(second.value(u"from_cache"_s).toBool(), true);
    QCOMPARE(second.value(u"checked_at"_s), first.value(u"checked_at"_s));
    QCOMPARE(second.value(u"record"_s), first.value(u"record"_s));

    // After it, GLEIF is asked again.
    m_clock->advanceSeconds(2 * 60);
    QCOMPARE(leiCheck(delivered(args)).value(u"from_cache"_s).toBool(true), false);
    QCOMPARE(m_gleif->requestCount(), 3);

    // An unknown LEI is not kept (it may be issued any minute); nor is anything with the cache off.
    const QString base = u"529900ZZZZZZZZZZZZ"_s;
    const QJsonObject unknown { { u"lei"_s, QString(base + ades::eu::LeiCode::checkDigits(base)) },
        { u"iban"_s, ValidIban } };
    delivered(unknown);
    delivered(unknown);
    QCOMPARE(m_gleif->requestCount(), 5);
    makeHandler({ { u"gleif/cache_minutes"_s, u"0"_s } });
    delivered(args);
    delivered(args);
    QCOMPARE(m_gleif->requestCount(), 7);
}

QTEST_GUILESS_MAIN(TestCounterpartyCheck)
#include "TestCounterpartyCheck.moc"
