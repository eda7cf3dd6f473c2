#include "FakeGleif.h"
#include "FakeVies.h"
#include "TestData.h"
#include "core/Clock.h"
#include "core/Settings.h"
#include "ops/eu/counterparty/CounterpartyCheck.h"
#include "ops/eu/lei/GleifClient.h"
#include "ops/eu/sanctions/SanctionsLists.h"
#include "ops/eu/vat/ViesClient.h"
#include "upstream/UpstreamClient.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <memory>
#include <optional>

using namespace Qt::StringLiterals;
using ades::Outcome;

// Wall time of one eu.counterparty.check against a VIES that answers after 200 ms and a GLEIF that answers
// after 300 ms (loopback fakes), with the sanctions lists of the shared fixture: the sources are asked
// together, so a call that needs both takes about the slowest (300 ms), not the sum (500 ms). Setup (the
// lists, the fakes) is outside the timed block; each row's answer is checked after it. GLEIF answers are not
// reused (gleif/cache_minutes=0), so every call waits for the source.
class BenchCounterparty : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void check_data();
    void check();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<ades::eu::SanctionsLists> m_lists;
    std::unique_ptr<ades::test::FakeVies> m_vies;
    std::unique_ptr<ades::test::FakeGleif> m_gleif;
    std::unique_ptr<ades::Settings> m_settings;
    ades::SystemClock m_clock;
    std::unique_ptr<ades::UpstreamClient> m_upstream;
    ades::Handler m_handler;
    QString m_lei;
    QString m_name;
};

namespace {

constexpr int ViesDelayMs = 200;
constexpr int GleifDelayMs = 300;

} // namespace

void BenchCounterparty::initTestCase()
{
    ADES_REQUIRE_SHARED_DATA();
    m_lists = std::make_unique<ades::eu::SanctionsLists>(m_dir.path());
    const auto imported
        = m_lists->import({ ades::test::sharedDataDir() + u"/sanctions/index_all_lists.derived.jsonl.gz"_s });
    QVERIFY(imported.ok());
    QVERIFY(m_lists->index()); // indexed here, not in the first timed call
    m_vies = std::make_unique<ades::test::FakeVies>();
    m_gleif = std::make_unique<ades::test::FakeGleif>();
    QVERIFY(m_vies->isReady() && m_gleif->isReady());
    m_vies->setDelayMs(ViesDelayMs);
    m_gleif->setDelayMs(GleifDelayMs);
    for (const QJsonObject &r : m_gleif->records()) {
        if (r.value(u"country"_s).toString() == u"DE"_s
            && r.value(u"registration_status"_s).toString() == u"ISSUED"_s) {
            m_lei = r.value(u"lei"_s).toString();
            m_name = r.value(u"legal_name"_s).toString();
            break;
        }
    }
    QVERIFY(!m_lei.isEmpty());
    m_settings = std::make_unique<ades::Settings>(ades::Settings::fromValues(QString(),
        { { u"upstream/vies/base_url"_s, m_vies->baseUrl() },
            { u"upstream/gleif/base_url"_s, m_gleif->baseUrl() }, { u"gleif/cache_minutes"_s, u"0"_s } }));
    m_upstream = std::make_unique<ades::UpstreamClient>(*m_settings, m_clock);
    m_upstream->addSource(ades::eu::ViesClient::sourceDefaults());
    m_upstream->addSource(ades::eu::GleifClient::sourceDefaults());
    m_handler = ades::eu::makeCounterpartyCheckHandler(*m_upstream, *m_settings, m_clock, *m_lists);
}

void BenchCounterparty::cleanupTestCase()
{
    m_handler = nullptr;
}

void BenchCounterparty::check_data()
{
    QTest::addColumn<QJsonObject>("args");
    QTest::addColumn<int>("slowestMs");
    QTest::addColumn<int>("sumMs");
    // Filled in check(): the LEI and name come from the recorded GLEIF data.
    QTest::newRow("vies-only (vat)") << QJsonObject { { u"vat"_s, u"DE136695976"_s } } << ViesDelayMs
                                     << ViesDelayMs;
    QTest::newRow("gleif-only (lei)")
        << QJsonObject { { u"lei"_s, u"$lei"_s } } << GleifDelayMs << GleifDelayMs;
    QTest::newRow("vies+gleif (vat, lei)")
        << QJsonObject { { u"vat"_s, u"DE136695976"_s }, { u"lei"_s, u"$lei"_s } } << GleifDelayMs
        << ViesDelayMs + GleifDelayMs;
    QTest::newRow("all four (name, vat, iban, lei)") << QJsonObject { { u"name"_s, u"$name"_s },
        { u"vat"_s, u"DE136695976"_s }, { u"iban"_s, u"DE89370400440532013000"_s }, { u"lei"_s, u"$lei"_s },
        { u"country"_s, u"DE"_s } } << GleifDelayMs << ViesDelayMs + GleifDelayMs;
}

void BenchCounterparty::check()
{
    QFETCH(QJsonObject, args);
    QFETCH(int, slowestMs);
    QFETCH(int, sumMs);
    if (args.value(u"lei"_s).toString() == u"$lei"_s)
        args.insert(u"lei"_s, m_lei);
    if (args.value(u"name"_s).toString() == u"$name"_s)
        args.insert(u"name"_s, m_name);

    std::optional<Outcome> outcome;
    QElapsedTimer wall;
    qint64 worstMs = 0;
    QBENCHMARK
    {
        outcome.reset();
        wall.start();
        // A local event loop, not qWaitFor: its 10 ms sleeps would blur the measurement.
        QEventLoop loop;
        m_handler(args, {}, [&outcome, &loop](Outcome o) {
            outcome.emplace(std::move(o));
            loop.quit();
        });
        if (!outcome.has_value()) {
            QTimer::singleShot(10000, &loop, &QEventLoop::quit);
            loop.exec();
        }
        worstMs = std::max(worstMs, wall.elapsed());
    }
    QVERIFY(outcome.has_value());
    QVERIFY2(outcome->ok(), outcome->ok() ? "" : qPrintable(outcome->error().message()));
    QVERIFY(!outcome->value().data.value(u"verdict"_s).toString().isEmpty());
    QVERIFY(outcome->value().data.value(u"missing_checks"_s).toArray().isEmpty());
    qInfo("slowest source %d ms, sum of sources %d ms, slowest call %lld ms", slowestMs, sumMs, worstMs);
}

QTEST_GUILESS_MAIN(BenchCounterparty)
#include "BenchCounterparty.moc"
