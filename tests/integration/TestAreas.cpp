#include "TestData.h"
#include "area/Area.h"
#include "host/ServiceContext.h"
#include "ops/AreaList.h"

#include <QFile>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;

// The areas as modules: each declares its operations, sources, settings and commands, and the host builds
// the service from them without naming any.
class TestAreas : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void everyOperationBelongsToARegisteredArea();
    void namesAndCommandsAreUnique();
    void everySettingIsDocumented();
    void invalidSettingStopsTheStartNamingTheKey();
    void healthCarriesEachAreasDetails();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<ServiceContext> m_context;
};

void TestAreas::initTestCase()
{
    m_context = ServiceContext::createForTests(m_dir.path());
}

void TestAreas::everyOperationBelongsToARegisteredArea()
{
    QSet<QString> names;
    for (const auto &area : m_context->areas())
        names.insert(area->name());
    const QList<const Operation *> operations = m_context->catalog().operations();
    QVERIFY(operations.size() >= 5);
    for (const Operation *operation : operations)
        QVERIFY2(names.contains(operation->area), qPrintable(operation->id));
}

void TestAreas::namesAndCommandsAreUnique()
{
    QSet<QString> names;
    QSet<QString> commands { u"serve"_s, u"verify"_s, u"call"_s, u"keys"_s, u"settings"_s };
    for (const auto &area : createAreas()) {
        QVERIFY2(!names.contains(area->name()), qPrintable(area->name()));
        names.insert(area->name());
        for (const AreaCommand &command : area->commands()) {
            QVERIFY2(!commands.contains(command.name), qPrintable(command.name));
            commands.insert(command.name);
            QVERIFY(command.usage.contains(u"ades "_s + command.name));
        }
    }
}

void TestAreas::everySettingIsDocumented()
{
    QFile doc(QStringLiteral(ADES_SOURCE_DIR) + u"/docs/configuration.md"_s);
    QVERIFY(doc.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(doc.readAll());
    QSet<QString> keys;
    for (const SettingSpec &spec : m_context->settingSpecs()) {
        QVERIFY2(!keys.contains(spec.key), qPrintable(u"declared twice: "_s + spec.key));
        keys.insert(spec.key);
        // Upstream sources' keys are documented as the family upstream/<id>/...
        if (spec.key.startsWith(u"upstream/"_s))
            continue;
        const QString key = spec.key.endsWith(u'/') ? spec.key.chopped(1) : spec.key;
        QVERIFY2(text.contains(u'`' + key), qPrintable(u"not in docs/configuration.md: "_s + spec.key));
    }
}

void TestAreas::invalidSettingStopsTheStartNamingTheKey()
{
    QTemporaryDir dir;
    const auto context = ServiceContext::create(
        Settings::fromValues(dir.path(), { { u"http/max_connections"_s, u"lots"_s } }));
    QVERIFY(!context.ok());
    QVERIFY2(context.error().message().contains(u"http/max_connections (ADES_HTTP_MAX_CONNECTIONS)"_s),
        qPrintable(context.error().message()));
    const auto vat = ServiceContext::create(
        Settings::fromValues(dir.path(), { { u"vies/requester_vat_id"_s, u"DE12"_s } }));
    QVERIFY(!vat.ok());
    QVERIFY(vat.error().message().contains(u"vies/requester_vat_id"_s));
    // Every part's declarations are checked at start, the channels' too.
    for (const auto &[key, value] : { std::pair { u"free/daily_calls"_s, u"-1"_s },
             std::pair { u"gateway/proxy_secret_sha256"_s, u"not-a-hash"_s },
             std::pair { u"http/trusted_proxies"_s, u"10.0.0.0/33"_s } }) {
        const auto refused = ServiceContext::create(Settings::fromValues(dir.path(), { { key, value } }));
        QVERIFY2(!refused.ok(), qPrintable(key));
        QVERIFY(refused.error().message().contains(key));
    }
    // A year of hours would overflow the refresh timer's millisecond count.
    const auto refresh = ServiceContext::create(
        Settings::fromValues(dir.path(), { { u"sanctions/refresh_hours"_s, u"8760"_s } }));
    QVERIFY(!refresh.ok());
    QVERIFY(refresh.error().message().contains(u"sanctions/refresh_hours"_s));
}

void TestAreas::healthCarriesEachAreasDetails()
{
    const QJsonObject details = m_context->healthDetails();
    QVERIFY(details.contains(u"payment_networks"_s));
    QVERIFY(details.value(u"sanctions_lists"_s).toObject().contains(u"un"_s)); // the EU area's
}

QTEST_GUILESS_MAIN(TestAreas)
#include "TestAreas.moc"
