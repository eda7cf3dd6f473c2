#include "core/Clock.h"
#include "core/ServiceError.h"
#include "core/Settings.h"
#include "core/Usdc.h"
#include "http/RouteTemplate.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>
#include <limits>

using namespace Qt::StringLiterals;
using namespace ades;

class TestCoreTypes : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void usdcDecimal_data();
    void usdcDecimal();
    void usdcFixedSixDecimals();
    void usdcDecimalOfNegativeAmounts();
    void settingsEnvironmentWins();
    void errorMembers();
    void routeTemplate();
    void isoUtcMatchesQt_data();
    void isoUtcMatchesQt();
};

void TestCoreTypes::usdcDecimal_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("units"); // -1: rejected
    QTest::addColumn<QString>("formatted");
    QTest::newRow("iban-price") << u"0.002"_s << qint64(2000) << u"0.002"_s;
    QTest::newRow("dossier") << u"1.00"_s << qint64(1000000) << u"1"_s;
    QTest::newRow("quarter") << u"0.25"_s << qint64(250000) << u"0.25"_s;
    QTest::newRow("smallest") << u"0.000001"_s << qint64(1) << u"0.000001"_s;
    QTest::newRow("seven-places") << u"0.0000001"_s << qint64(-1) << QString();
    QTest::newRow("negative") << u"-1"_s << qint64(-1) << QString();
    QTest::newRow("exponent") << u"1e-3"_s << qint64(-1) << QString();
}

void TestCoreTypes::usdcDecimal()
{
    QFETCH(QString, text);
    QFETCH(qint64, units);
    QFETCH(QString, formatted);
    const auto parsed = Usdc::fromDecimal(text);
    QCOMPARE(parsed.has_value(), units >= 0);
    if (parsed) {
        QCOMPARE(parsed->units(), units);
        QCOMPARE(parsed->toDecimalString(), formatted);
        QCOMPARE(parsed->toAtomicString(), QString::number(units));
    }
}

void TestCoreTypes::usdcFixedSixDecimals()
{
    QCOMPARE(Usdc::atomicUnits(0).toFixedString(), u"0.000000"_s);
    QCOMPARE(Usdc::atomicUnits(2000).toFixedString(), u"0.002000"_s);
    QCOMPARE(Usdc::atomicUnits(1234567891).toFixedString(), u"1234.567891"_s);
    // Beyond 2^53, where a double would round: still exact.
    QCOMPARE(Usdc::atomicUnits(9007199254740993LL).toFixedString(), u"9007199254.740993"_s);
    QCOMPARE(Usdc::atomicUnits(-1).toFixedString(), u"-0.000001"_s);
    QCOMPARE(
        Usdc::atomicUnits(std::numeric_limits<qint64>::min()).toFixedString(), u"-9223372036854.775808"_s);
}

void TestCoreTypes::usdcDecimalOfNegativeAmounts()
{
    QCOMPARE(Usdc::atomicUnits(-500000).toDecimalString(), u"-0.5"_s);
    QCOMPARE(Usdc::atomicUnits(-1).toDecimalString(), u"-0.000001"_s);
    QCOMPARE(Usdc::atomicUnits(-3000000).toDecimalString(), u"-3"_s);
}

void TestCoreTypes::settingsEnvironmentWins()
{
    QTemporaryDir dir;
    const Settings written = Settings::fromValues(dir.path(), {});
    QVERIFY(written.writeToIni(u"x402/payto_evm"_s, u"0xfile"_s));
    QVERIFY(written.writeToIni(u"upstream/vies/timeout_ms"_s, u"1234"_s));
    // ades.ini can hold upstream API keys: owner-only whatever the umask.
    QCOMPARE(QFile::permissions(QDir(dir.path()).filePath(u"ades.ini"_s))
            & (QFileDevice::ReadGroup | QFileDevice::ReadOther | QFileDevice::WriteGroup
                | QFileDevice::WriteOther),
        QFileDevice::Permissions());
    QCOMPARE(Settings::environmentName(u"x402/payto_evm"_s), u"ADES_X402_PAYTO_EVM"_s);
    QCOMPARE(Settings::environmentName(u"upstream/vies/base_url"_s), u"ADES_UPSTREAM_VIES_BASE_URL"_s);

    qputenv("ADES_X402_PAYTO_EVM", "0xenv");
    const Settings loaded = Settings::load(dir.path());
    qunsetenv("ADES_X402_PAYTO_EVM");
    QCOMPARE(loaded.value(u"x402/payto_evm"_s), u"0xenv"_s);
    QCOMPARE(loaded.get(intSetting(u"upstream/vies/timeout_ms"_s, 0, 0, 100000, u"timeout"_s)), 1234);
    QCOMPARE(loaded.value(u"absent/key"_s, u"fallback"_s), u"fallback"_s);
    QCOMPARE(Settings::load(dir.path()).value(u"x402/payto_evm"_s), u"0xfile"_s);
}

void TestCoreTypes::errorMembers()
{
    const ServiceError error = ServiceError::sourceUnavailable(u"vies"_s, u"VIES is down."_s);
    QCOMPARE(error.httpStatus(), 503);
    const QJsonObject json = error.toJson();
    QCOMPARE(json.value(u"error"_s).toObject().value(u"message"_s).toString(), u"VIES is down."_s);
    QVERIFY(json.value(u"error"_s).toObject().value(u"param"_s).isNull());
    QCOMPARE(json.value(u"error_code"_s).toString(), u"source_unavailable"_s);
    QCOMPARE(json.value(u"charged"_s).toBool(true), false);
    QCOMPARE(json.value(u"settled"_s).toBool(true), false);
    QCOMPARE(json.value(u"retryable"_s).toBool(), true);
    QCOMPARE(json.value(u"status_code"_s).toInt(), 503);
    QCOMPARE(json.value(u"missing"_s).toArray(), QJsonArray { u"vies"_s });

    const QJsonObject invalid = ServiceError::unprocessable(u"too_short"_s, u"iban: too short"_s, u"iban"_s)
                                    .setExtra(u"did_you_mean"_s, QJsonValue::Null)
                                    .toJson();
    QCOMPARE(invalid.value(u"status_code"_s).toInt(), 422);
    QCOMPARE(invalid.value(u"error"_s).toObject().value(u"param"_s).toString(), u"iban"_s);
    QVERIFY(invalid.contains(u"did_you_mean"_s));
}

void TestCoreTypes::routeTemplate()
{
    const RouteTemplate route(u"/x402/iban/{iban}"_s);
    const auto match = route.match(u"/x402/iban/DE89 3704"_s);
    QVERIFY(match);
    QCOMPARE(match->value(0).first, u"iban"_s);
    QCOMPARE(match->value(0).second, u"DE89 3704"_s);
    QVERIFY(!route.match(u"/x402/iban/"_s));
    QVERIFY(!route.match(u"/x402/iban/a/b"_s));
    QVERIFY(!route.match(u"/x402/vat/DE1"_s));
    QVERIFY(!route.match(u"/x402/iban"_s));
    QVERIFY(!route.match(u"x402/iban/DE1"_s));
    QVERIFY(!route.match(QString()));
    QCOMPARE(route.placeholders(), QStringList { u"iban"_s });

    // Literal routes, a trailing slash, and two placeholders with a literal between them.
    const RouteTemplate literal(u"/v1/iban"_s);
    QVERIFY(literal.match(u"/v1/iban"_s));
    QVERIFY(literal.match(u"/v1/iban"_s)->isEmpty());
    QVERIFY(!literal.match(u"/v1/iban/"_s));
    QVERIFY(!literal.match(u"/v1/ibanx"_s));
    QVERIFY(!literal.match(u"/v1"_s));
    const RouteTemplate two(u"/a/{x}/b/{y}"_s);
    const auto both = two.match(u"/a/1/b/2"_s);
    QVERIFY(both);
    QCOMPARE(*both, (QList<QPair<QString, QString>> { { u"x"_s, u"1"_s }, { u"y"_s, u"2"_s } }));
    QVERIFY(!two.match(u"/a/1/c/2"_s));
    QVERIFY(!two.match(u"/a//b/2"_s));
    QVERIFY(!two.match(u"/a/1/b/"_s));
}

void TestCoreTypes::isoUtcMatchesQt_data()
{
    QTest::addColumn<QDateTime>("at");
    QTest::newRow("epoch") << QDateTime::fromMSecsSinceEpoch(0, QTimeZone::utc());
    QTest::newRow("leap-day-ms") << QDateTime(QDate(2024, 2, 29), QTime(23, 59, 59, 999), QTimeZone::utc());
    QTest::newRow("year-9999") << QDateTime(QDate(9999, 12, 31), QTime(0, 0, 0, 7), QTimeZone::utc());
    QTest::newRow("year-42") << QDateTime(QDate(42, 1, 2), QTime(3, 4, 5, 60), QTimeZone::utc());
    QTest::newRow("offset-converted") << QDateTime(QDate(2026, 11, 25), QTime(1, 30), QTimeZone(7200));
    QTest::newRow("year-10000") << QDateTime(QDate(10000, 1, 1), QTime(0, 0), QTimeZone::utc());
}

void TestCoreTypes::isoUtcMatchesQt()
{
    // The hand-written writer must say exactly what Qt's formatter says.
    QFETCH(QDateTime, at);
    QCOMPARE(isoUtc(at), at.toUTC().toString(u"yyyy-MM-dd'T'HH:mm:ss.zzz'Z'"_s));
}

QTEST_APPLESS_MAIN(TestCoreTypes)
#include "TestCoreTypes.moc"
