#include "TestAreas.h"
#include "TestData.h"
#include "host/ServiceContext.h"
#include "ops/eu/sanctions/SanctionsLists.h"
#include "ops/eu/sanctions/SanctionsRefresh.h"

#include <QFile>
#include <QHttpServer>
#include <QHttpServerResponse>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::eu;

namespace {

QByteArray shared(const QString &name)
{
    QFile file(test::sharedDataDir() + u"/sanctions/"_s + name);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// What the EU endpoint served on bad days in 2026 instead of the list: a JSON error body.
const QByteArray EuErrorBody
    = R"({"timestamp":"2026-09-06T03:00:00.000+00:00","status":500,"error":"Internal Server Error","path":"/"})";

} // namespace

class TestSanctionsRefresh : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void brokenDownloadKeepsTheList();
    void insaneCountIsRefused();

private:
    // Runs one refresh against the fake official endpoints; returns (accepted, refused).
    QPair<int, int> refresh(ServiceContext &context);

    QHttpServer m_official;
    quint16 m_port = 0;
    QHash<QString, QByteArray> m_bodies; // "/eu" ... -> what the fake serves
};

void TestSanctionsRefresh::initTestCase()
{
    ADES_REQUIRE_SHARED_DATA();
    for (const QString &list : { u"eu"_s, u"un"_s, u"uk"_s }) {
        m_official.route(u"/"_s + list,
            [this, list]() { return QHttpServerResponse("application/xml", m_bodies.value(list)); });
    }
    m_port = m_official.listen(QHostAddress::LocalHost, 0);
    QVERIFY(m_port != 0);
}

QPair<int, int> TestSanctionsRefresh::refresh(ServiceContext &context)
{
    QPair<int, int> result { -1, -1 };
    SanctionsRefresh(context.upstream(), ades::test::sanctionsOf(context), context.clock())
        .run([&result](int a, int r) {
            result = { a, r };
        });
    if (!QTest::qWaitFor([&]() { return result.first >= 0; }, 30000))
        qWarning("refresh did not finish");
    return result;
}

void TestSanctionsRefresh::brokenDownloadKeepsTheList()
{
    QTemporaryDir dir;
    const QString base = u"http://127.0.0.1:%1/"_s.arg(m_port);
    auto context = ServiceContext::createForTests(dir.path(),
        { { u"upstream/sanctions-eu/base_url"_s, base + u"eu"_s },
            { u"upstream/sanctions-un/base_url"_s, base + u"un"_s },
            { u"upstream/sanctions-uk/base_url"_s, base + u"uk"_s } });
    m_bodies = { { u"eu"_s, EuErrorBody }, { u"un"_s, shared(u"un/un_consolidated_2026-02-27.xml"_s) },
        { u"uk"_s, shared(u"uk/uk_sanctions_list_sample_trimmed_2026-09-10.xml"_s) } };
    QCOMPARE(refresh(*context), qMakePair(2, 1));
    const auto index = ades::test::sanctionsOf(*context).index();
    QVERIFY(index);
    QVERIFY(index->loadedLists().contains(SanctionsEntry::List::Un));
    QVERIFY(index->loadedLists().contains(SanctionsEntry::List::Uk));
    QVERIFY(!index->loadedLists().contains(SanctionsEntry::List::Eu));
    const QJsonObject report = ades::test::sanctionsOf(*context).refreshReport();
    QCOMPARE(report.value(u"eu"_s).toObject().value(u"ok"_s).toBool(true), false);
    QCOMPARE(report.value(u"un"_s).toObject().value(u"ok"_s).toBool(), true);

    // The EU endpoint recovers: its list is taken on the next refresh; the kept ones survive a restart.
    m_bodies.insert(u"eu"_s, shared(u"eu/eu_fsf_excerpt_2026-08-05.xml"_s));
    QCOMPARE(refresh(*context), qMakePair(3, 0));
    auto again = ServiceContext::createForTests(dir.path());
    QCOMPARE(ades::test::sanctionsOf(*again).index()->loadedLists().size(), 3);
}

void TestSanctionsRefresh::insaneCountIsRefused()
{
    QTemporaryDir dir;
    const QString base = u"http://127.0.0.1:%1/"_s.arg(m_port);
    auto context = ServiceContext::createForTests(dir.path(),
        { { u"upstream/sanctions-eu/base_url"_s, base + u"eu"_s },
            { u"upstream/sanctions-un/base_url"_s, base + u"un"_s },
            { u"upstream/sanctions-uk/base_url"_s, base + u"uk"_s } });
    QVERIFY(ades::test::sanctionsOf(*context)
                .import({ test::sharedDataDir() + u"/sanctions/index_all_lists.derived.jsonl.gz"_s })
                .ok());
    int ukBefore = 0;
    for (const SanctionsEntry &e : ades::test::sanctionsOf(*context).index()->entries())
        ukBefore += e.list == SanctionsEntry::List::Uk;
    // A newer UK file with a handful of entries against thousands kept: not trusted. The UN file of the same
    // generation is within the band and accepted; the EU error body is refused.
    m_bodies = { { u"eu"_s, EuErrorBody }, { u"un"_s, shared(u"un/un_consolidated_2026-02-27.xml"_s) },
        { u"uk"_s, shared(u"uk/uk_sanctions_list_sample_trimmed_2026-09-10.xml"_s) } };
    QCOMPARE(refresh(*context), qMakePair(1, 2));
    int ukAfter = 0;
    for (const SanctionsEntry &e : ades::test::sanctionsOf(*context).index()->entries())
        ukAfter += e.list == SanctionsEntry::List::Uk;
    QCOMPARE(ukAfter, ukBefore);
    QVERIFY(ades::test::sanctionsOf(*context)
                .refreshReport()
                .value(u"uk"_s)
                .toObject()
                .value(u"problem"_s)
                .toString()
                .contains(u"80-125"_s));
}

QTEST_GUILESS_MAIN(TestSanctionsRefresh)
#include "TestSanctionsRefresh.moc"
