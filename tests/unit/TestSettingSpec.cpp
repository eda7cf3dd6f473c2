#include "core/SettingSpec.h"
#include "core/Settings.h"

#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;

namespace {

const IntSetting Port = intSetting(u"test/port"_s, 8402, 1, 65535, u"a port"_s);
const BoolSetting Flag = boolSetting(u"test/flag"_s, true, u"a flag"_s);
const TextSetting Url = urlSetting(u"test/url"_s, u"https://example.org"_s, u"a URL"_s);
const TextSetting Even = textSetting(u"test/even"_s, u"2"_s, u"an even number"_s,
    [](const QString &v) { return v.toInt() % 2 == 0 ? QString() : u"must be even"_s; });
const TextSetting Family = urlSetting(u"test/rpc/"_s, QString(), u"one URL per network"_s);

} // namespace

// Every setting is declared once; these are the rules a declaration enforces.
class TestSettingSpec : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void problem_data();
    void problem();
    void getReadsTheDeclaredDefault();
    void problemsNameKeyAndVariable();
    void unknownKeysKnowFamilies();
    void commandLineWinsOverEnvironment();
};

void TestSettingSpec::problem_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("value");
    QTest::addColumn<bool>("accepted");
    QTest::newRow("int-empty-is-default") << u"port"_s << QString() << true;
    QTest::newRow("int-in-range") << u"port"_s << u"443"_s << true;
    QTest::newRow("int-below") << u"port"_s << u"0"_s << false;
    QTest::newRow("int-above") << u"port"_s << u"65536"_s << false;
    QTest::newRow("int-text") << u"port"_s << u"eighty"_s << false;
    QTest::newRow("bool-yes") << u"flag"_s << u"yes"_s << true;
    QTest::newRow("bool-off") << u"flag"_s << u"OFF"_s << true;
    QTest::newRow("bool-maybe") << u"flag"_s << u"maybe"_s << false;
    QTest::newRow("url-https") << u"url"_s << u"https://x402.org/facilitator"_s << true;
    QTest::newRow("url-ftp") << u"url"_s << u"ftp://example.org"_s << false;
    QTest::newRow("url-no-host") << u"url"_s << u"http://"_s << false;
    QTest::newRow("check-ok") << u"even"_s << u"4"_s << true;
    QTest::newRow("check-refuses") << u"even"_s << u"3"_s << false;
}

void TestSettingSpec::problem()
{
    QFETCH(QString, key);
    QFETCH(QString, value);
    QFETCH(bool, accepted);
    const QHash<QString, SettingSpec> specs { { u"port"_s, Port.spec }, { u"flag"_s, Flag.spec },
        { u"url"_s, Url.spec }, { u"even"_s, Even.spec } };
    QCOMPARE(specs.value(key).problem(value).isEmpty(), accepted);
}

void TestSettingSpec::getReadsTheDeclaredDefault()
{
    const Settings none = Settings::fromValues(QString(), {});
    QCOMPARE(none.get(Port), 8402);
    QCOMPARE(none.get(Flag), true);
    QCOMPARE(none.get(Url), u"https://example.org"_s);
    const Settings set = Settings::fromValues(QString(),
        { { u"test/port"_s, u"9000"_s }, { u"test/flag"_s, u"no"_s }, { u"test/url"_s, u"http://h"_s } });
    QCOMPARE(set.get(Port), 9000);
    QCOMPARE(set.get(Flag), false);
    QCOMPARE(set.get(Url), u"http://h"_s);
    // A refused value never reaches a reader (the service does not even start with one).
    QCOMPARE(Settings::fromValues(QString(), { { u"test/port"_s, u"99999"_s } }).get(Port), 8402);
}

void TestSettingSpec::problemsNameKeyAndVariable()
{
    const Settings settings
        = Settings::fromValues(QString(), { { u"test/port"_s, u"0"_s }, { u"test/even"_s, u"4"_s } });
    const QStringList problems = settings.problems({ Port.spec, Even.spec, Flag.spec });
    QCOMPARE(problems.size(), 1);
    QVERIFY(
        problems.first().startsWith(u"test/port (ADES_TEST_PORT): must be a whole number from 1 to 65535"_s));
}

void TestSettingSpec::unknownKeysKnowFamilies()
{
    const Settings settings = Settings::fromValues(QString(),
        { { u"test/port"_s, u"1"_s }, { u"test/rpc/base"_s, u"http://a"_s }, { u"test/prot"_s, u"1"_s } });
    QCOMPARE(settings.unknownKeys({ Port.spec, Family.spec }), QStringList { u"test/prot"_s });
}

void TestSettingSpec::commandLineWinsOverEnvironment()
{
    QTemporaryDir dir;
    qputenv("ADES_TEST_PORT", "9001");
    Settings settings = Settings::load(dir.path());
    qunsetenv("ADES_TEST_PORT");
    QCOMPARE(settings.get(Port), 9001); // the environment wins over the (absent) file
    settings.setFromCommandLine(u"test/port"_s, u"9002"_s);
    QCOMPARE(settings.get(Port), 9002); // `--listen` and friends win over both
}

QTEST_APPLESS_MAIN(TestSettingSpec)
#include "TestSettingSpec.moc"
