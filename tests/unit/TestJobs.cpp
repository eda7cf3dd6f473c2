#include "RawDatabase.h"
#include "StoreFixture.h"
#include "StoreSamples.h"
#include "core/Clock.h"
#include "store/Jobs.h"
#include "store/Store.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <atomic>
#include <thread>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::test;

namespace {

const QDateTime T0 = storeTestTime();
const QString Secret = u"recovery-3f9a1c-secret"_s;

JobRecord job(const QString &id, const QDateTime &expiresAt = T0.addDays(1))
{
    JobRecord record;
    record.id = id;
    record.kind = u"us.import"_s;
    record.secretHash = Jobs::hashSecret(Secret);
    record.inputFingerprint = u"sha256:0a1b2c"_s;
    record.expiresAt = expiresAt;
    return record;
}

} // namespace

// Recoverable jobs: one row per job, completed or failed once, found again only with the recovery secret.
class TestJobs : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void createAndFind();
    void createRefusesInvalid_data();
    void createRefusesInvalid();
    void duplicateIdIsRefused();
    void completeOnlyOnce();
    void failOnlyFromPending();
    void verifySecret_data();
    void verifySecret();
    void secretIsNeverStored();
    void purgeExpired();
    void concurrentCompletionHasOneWinner();

private:
    test::StoreFixture m_fixture;
    FixedClock m_clock { T0 };
    std::unique_ptr<Store> m_store;
};

void TestJobs::init()
{
    QVERIFY(m_fixture.reset());
    m_clock.setNow(T0);
    Result<std::unique_ptr<Store>> store = Store::open(m_fixture.location(), &m_clock);
    QVERIFY2(store.ok(), qPrintable(store.ok() ? QString() : store.error().message()));
    m_store = std::move(store.value());
}

void TestJobs::cleanup()
{
    m_store.reset();
    m_fixture.clear();
}

void TestJobs::createAndFind()
{
    JobRecord asked = job(u"job-1"_s);
    asked.state = JobRecord::State::Completed; // ignored: a new job is pending
    asked.resultJson = "{}";
    const Result<JobRecord> created = m_store->jobs().create(asked);
    QVERIFY(created.ok());
    QCOMPARE(created.value().state, JobRecord::State::Pending);
    QCOMPARE(created.value().createdAt, T0); // invalid createdAt: now

    const std::optional<JobRecord> found = m_store->jobs().find(u"job-1"_s);
    QVERIFY(found);
    QCOMPARE(found->id, u"job-1"_s);
    QCOMPARE(found->kind, u"us.import"_s);
    QCOMPARE(found->state, JobRecord::State::Pending);
    QCOMPARE(found->secretHash, Jobs::hashSecret(Secret));
    QCOMPARE(found->inputFingerprint, u"sha256:0a1b2c"_s);
    QVERIFY(found->resultJson.isEmpty());
    QCOMPARE(found->createdAt, T0);
    QVERIFY(!found->completedAt.isValid());
    QCOMPARE(found->expiresAt, T0.addDays(1));
    QVERIFY(!m_store->jobs().find(u"job-2"_s));
}

void TestJobs::createRefusesInvalid_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("param");
    QTest::newRow("empty-id") << u"id"_s << u"id"_s;
    QTest::newRow("empty-kind") << u"kind"_s << u"kind"_s;
    QTest::newRow("plain-secret") << u"secret"_s << u"secret_hash"_s;
    QTest::newRow("short-hash") << u"short-hash"_s << u"secret_hash"_s;
    QTest::newRow("no-expiry") << u"expiry"_s << u"expires_at"_s;
}

void TestJobs::createRefusesInvalid()
{
    QFETCH(QString, field);
    QFETCH(QString, param);
    JobRecord record = job(u"job-1"_s);
    if (field == u"id"_s)
        record.id.clear();
    else if (field == u"kind"_s)
        record.kind.clear();
    else if (field == u"secret"_s)
        record.secretHash = Secret; // the secret itself must never be accepted as its hash
    else if (field == u"short-hash"_s)
        record.secretHash.chop(1);
    else
        record.expiresAt = QDateTime();
    const Result<JobRecord> created = m_store->jobs().create(record);
    QVERIFY(!created.ok());
    QCOMPARE(created.error().code(), u"invalid_job"_s);
    QCOMPARE(created.error().param(), param);
    QCOMPARE(created.error().httpStatus(), 400);
    QVERIFY(!m_store->jobs().find(record.id));
}

void TestJobs::duplicateIdIsRefused()
{
    QVERIFY(m_store->jobs().create(job(u"job-1"_s)).ok());
    JobRecord other = job(u"job-1"_s);
    other.kind = u"other"_s;
    const Result<JobRecord> duplicate = m_store->jobs().create(other);
    QVERIFY(!duplicate.ok());
    QCOMPARE(duplicate.error().code(), u"job_exists"_s);
    QVERIFY2(duplicate.error().message().contains(u"job-1"_s), qPrintable(duplicate.error().message()));
    QCOMPARE(m_store->jobs().find(u"job-1"_s)->kind, u"us.import"_s); // the first job is untouched
    // Still refused once the first is completed: an id is never reused while its row exists.
    QVERIFY(m_store->jobs().complete(u"job-1"_s, "{}"));
    QCOMPARE(m_store->jobs().create(job(u"job-1"_s)).error().code(), u"job_exists"_s);
}

void TestJobs::completeOnlyOnce()
{
    QVERIFY(m_store->jobs().create(job(u"job-1"_s)).ok());
    m_clock.advanceSeconds(30);
    QVERIFY(m_store->jobs().complete(u"job-1"_s, R"({"signed":"first"})"));
    QVERIFY(!m_store->jobs().complete(u"job-1"_s, R"({"signed":"second"})"));
    QVERIFY(!m_store->jobs().fail(u"job-1"_s, u"too late"_s));
    QVERIFY(!m_store->jobs().complete(u"no-such-job"_s, "{}"));
    const std::optional<JobRecord> found = m_store->jobs().find(u"job-1"_s);
    QVERIFY(found);
    QCOMPARE(found->state, JobRecord::State::Completed);
    QCOMPARE(found->resultJson, QByteArray(R"({"signed":"first"})"));
    QCOMPARE(found->completedAt, T0.addSecs(30));
    QVERIFY(found->failureReason.isEmpty());
}

void TestJobs::failOnlyFromPending()
{
    QVERIFY(m_store->jobs().create(job(u"job-1"_s)).ok());
    QVERIFY(m_store->jobs().fail(u"job-1"_s, u"upstream gone"_s));
    QVERIFY(!m_store->jobs().fail(u"job-1"_s, u"again"_s));
    QVERIFY(!m_store->jobs().complete(u"job-1"_s, "{}"));
    QVERIFY(!m_store->jobs().fail(u"no-such-job"_s, u"x"_s));
    const std::optional<JobRecord> found = m_store->jobs().find(u"job-1"_s);
    QVERIFY(found);
    QCOMPARE(found->state, JobRecord::State::Failed);
    QCOMPARE(found->failureReason, u"upstream gone"_s);
    QVERIFY(found->resultJson.isEmpty());
    QCOMPARE(found->completedAt, T0);
}

void TestJobs::verifySecret_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("secret");
    QTest::addColumn<bool>("accepted");
    QTest::newRow("right") << u"job-1"_s << Secret << true;
    QTest::newRow("wrong") << u"job-1"_s << u"recovery-3f9a1c-secreT"_s << false;
    QTest::newRow("prefix") << u"job-1"_s << Secret.chopped(1) << false;
    QTest::newRow("empty") << u"job-1"_s << QString() << false;
    QTest::newRow("the-hash-itself") << u"job-1"_s << Jobs::hashSecret(Secret) << false;
    QTest::newRow("unknown-job") << u"job-2"_s << Secret << false;
}

void TestJobs::verifySecret()
{
    QFETCH(QString, id);
    QFETCH(QString, secret);
    QFETCH(bool, accepted);
    JobRecord record = job(u"job-1"_s);
    record.secretHash = record.secretHash.toUpper(); // stored lower-case: the comparison is on hex text
    QVERIFY(m_store->jobs().create(record).ok());
    QCOMPARE(m_store->jobs().verifySecret(id, secret), accepted);
}

void TestJobs::secretIsNeverStored()
{
    QVERIFY(m_store->jobs().create(job(u"job-1"_s)).ok());
    QVERIFY(m_store->jobs().complete(u"job-1"_s, R"({"ok":true})"));
    m_store.reset();
    QByteArray bytes;
    if (test::StoreFixture::onPostgres()) {
        // Every stored column of every row, as the server holds it.
        const test::RawDatabase raw(m_fixture.location());
        bytes = raw.scalar(u"SELECT string_agg(jobs::text, ' ') FROM jobs"_s).toString().toUtf8();
    }
    for (const QString &suffix : { QString(), u"-wal"_s }) {
        QFile file(m_fixture.filePath(u"ades.sqlite"_s + suffix));
        if (file.open(QIODevice::ReadOnly))
            bytes += file.readAll();
    }
    QVERIFY(bytes.contains(Jobs::hashSecret(Secret).toLatin1())); // the scan sees stored text at all
    QVERIFY(!bytes.contains(Secret.toUtf8()));
}

void TestJobs::purgeExpired()
{
    QVERIFY(m_store->jobs().create(job(u"expired"_s, T0.addSecs(-1))).ok());
    QVERIFY(m_store->jobs().create(job(u"expires-now"_s, T0)).ok());
    QVERIFY(m_store->jobs().create(job(u"completed-expired"_s, T0.addSecs(-60))).ok());
    QVERIFY(m_store->jobs().complete(u"completed-expired"_s, "{}"));
    QVERIFY(m_store->jobs().create(job(u"alive"_s, T0.addMSecs(1))).ok());

    QCOMPARE(m_store->jobs().purgeExpired(T0), 3);
    QVERIFY(!m_store->jobs().find(u"expired"_s));
    QVERIFY(!m_store->jobs().find(u"expires-now"_s));
    QVERIFY(!m_store->jobs().find(u"completed-expired"_s));
    QVERIFY(m_store->jobs().find(u"alive"_s));
    QCOMPARE(m_store->jobs().purgeExpired(T0), 0);
    QCOMPARE(m_store->jobs().purgeExpired(T0.addSecs(1)), 1);
    // A purged id may be used again.
    QVERIFY(m_store->jobs().create(job(u"expired"_s)).ok());
}

void TestJobs::concurrentCompletionHasOneWinner()
{
    // Two threads race to complete (or fail) the same 50 jobs: each job must end with one winner's result.
    constexpr int JobCount = 50;
    for (int i = 0; i < JobCount; ++i)
        QVERIFY(m_store->jobs().create(job(u"job-%1"_s.arg(i))).ok());
    std::atomic<int> wins[2] = { 0, 0 };
    std::atomic<int> failuresWon { 0 };
    const auto racer = [&](int thread) {
        for (int i = 0; i < JobCount; ++i) {
            const QString id = u"job-%1"_s.arg(i);
            if (i % 10 == 9 && thread == 1) {
                if (m_store->jobs().fail(id, u"racer 1 failed it"_s)) {
                    ++wins[thread];
                    ++failuresWon;
                }
            } else if (m_store->jobs().complete(id, u"{\"by\":%1}"_s.arg(thread).toUtf8())) {
                ++wins[thread];
            }
        }
    };
    std::unique_ptr<QThread> first(QThread::create(racer, 0));
    first->start();
    std::thread second(racer, 1);
    QVERIFY(first->wait(60000));
    second.join();

    QCOMPARE(wins[0].load() + wins[1].load(), JobCount);
    int completedBy[2] = { 0, 0 };
    int failed = 0;
    for (int i = 0; i < JobCount; ++i) {
        const std::optional<JobRecord> found = m_store->jobs().find(u"job-%1"_s.arg(i));
        QVERIFY(found);
        QVERIFY(found->state != JobRecord::State::Pending);
        if (found->state == JobRecord::State::Failed) {
            ++failed;
            QVERIFY(found->resultJson.isEmpty());
        } else {
            QVERIFY(found->resultJson == R"({"by":0})" || found->resultJson == R"({"by":1})");
            ++completedBy[found->resultJson == R"({"by":0})" ? 0 : 1];
        }
    }
    // What each thread was told it won is exactly what the rows say.
    QCOMPARE(failed, failuresWon.load());
    QCOMPARE(completedBy[0], wins[0].load());
    QCOMPARE(completedBy[1] + failed, wins[1].load());
}

QTEST_GUILESS_MAIN(TestJobs)
#include "TestJobs.moc"
