#include "catalog/Invoker.h"

#include <QJsonArray>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;

// The shared call path before a handler: schema, then the operation's own input check, both reported by the
// field's wire name on the exposure used.
class TestInvoker : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void schemaErrorNamesTheWireField();
    void checkRunsAfterTheSchemaWithDefaults();
    void checkErrorNamesTheWireField();
    void checkErrorKeepsItsOwnMembers();
    void handlerIsNotCalledWhenTheCheckRefuses();
};

namespace {

Operation operation(int *checks = nullptr)
{
    Operation op;
    op.id = u"test.lookup"_s;
    op.inputSchema = QJsonObject {
        { u"type"_s, u"object"_s },
        { u"properties"_s,
            QJsonObject {
                { u"country"_s,
                    QJsonObject { { u"type"_s, u"string"_s }, { u"pattern"_s, u"^[A-Z]{2}$"_s } } },
                { u"number"_s, QJsonObject { { u"type"_s, u"string"_s } } },
                { u"limit"_s, QJsonObject { { u"type"_s, u"integer"_s }, { u"default"_s, 10 } } },
            } },
        { u"required"_s, QJsonArray { u"country"_s } },
        { u"additionalProperties"_s, false },
    };
    op.check = [checks](const QJsonObject &arguments) -> std::optional<ServiceError> {
        if (checks)
            ++*checks;
        if (arguments.value(u"limit"_s).toInt() != 10)
            return ServiceError::internal(u"the check ran before the defaults"_s);
        if (arguments.value(u"country"_s).toString() == u"AT"_s)
            return ServiceError::unprocessable(
                u"not_covered"_s, u"country: AT is not covered"_s, u"country"_s)
                .setExtra(u"covered"_s, QJsonArray { u"NO"_s });
        if (arguments.value(u"number"_s).toString() == u"0"_s)
            return ServiceError::unprocessable(u"bad_number"_s, u"number: 0 is no number"_s, u"number"_s);
        return std::nullopt;
    };
    op.handler = [](const QJsonObject &, const CallContext &, Completion done) {
        done(OperationResult { QJsonObject { { u"ran"_s, true } }, u"s"_s });
    };
    return op;
}

const Exposure X402 = Exposure::x402(u"/x402/lookup"_s, Usdc::atomicUnits(1)).renaming(u"id"_s, u"number"_s);

} // namespace

void TestInvoker::schemaErrorNamesTheWireField()
{
    int checks = 0;
    const auto r
        = Invoker::prepare(operation(&checks), X402, { { u"country"_s, u"NO"_s }, { u"number"_s, 7 } });
    QVERIFY(!r.ok());
    QCOMPARE(r.error().param(), u"id"_s);
    QVERIFY(r.error().message().startsWith(u"id:"_s));
    QCOMPARE(checks, 0); // the schema refused first
}

void TestInvoker::checkRunsAfterTheSchemaWithDefaults()
{
    int checks = 0;
    const auto r
        = Invoker::prepare(operation(&checks), X402, { { u"country"_s, u"NO"_s }, { u"number"_s, u"1"_s } });
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message()));
    QCOMPARE(checks, 1);
    QCOMPARE(r.value().value(u"limit"_s).toInt(), 10);
}

void TestInvoker::checkErrorNamesTheWireField()
{
    const auto onX402
        = Invoker::prepare(operation(), X402, { { u"country"_s, u"NO"_s }, { u"number"_s, u"0"_s } });
    QVERIFY(!onX402.ok());
    QCOMPARE(onX402.error().code(), u"bad_number"_s);
    QCOMPARE(onX402.error().param(), u"id"_s);
    QCOMPARE(onX402.error().message(), u"id: 0 is no number"_s);
    const auto onKey = Invoker::prepare(
        operation(), Exposure::key(u"/v1/lookup"_s), { { u"country"_s, u"NO"_s }, { u"number"_s, u"0"_s } });
    QVERIFY(!onKey.ok());
    QCOMPARE(onKey.error().param(), u"number"_s);
    QCOMPARE(onKey.error().message(), u"number: 0 is no number"_s);
}

void TestInvoker::checkErrorKeepsItsOwnMembers()
{
    const auto r = Invoker::prepare(operation(), X402, { { u"country"_s, u"AT"_s } });
    QVERIFY(!r.ok());
    QCOMPARE(r.error().httpStatus(), 422);
    QCOMPARE(r.error().param(), u"country"_s);
    QCOMPARE(r.error().toJson().value(u"covered"_s).toArray(), QJsonArray { u"NO"_s });
}

void TestInvoker::handlerIsNotCalledWhenTheCheckRefuses()
{
    std::optional<Outcome> outcome;
    Invoker::invoke(operation(), X402, { { u"country"_s, u"AT"_s } }, {},
        [&outcome](Outcome o) { outcome.emplace(std::move(o)); });
    QVERIFY(outcome.has_value());
    QVERIFY(!outcome->ok());
    QCOMPARE(outcome->error().code(), u"not_covered"_s);
    Invoker::invoke(operation(), X402, { { u"country"_s, u"NO"_s } }, {},
        [&outcome](Outcome o) { outcome.emplace(std::move(o)); });
    QVERIFY(outcome->ok());
    QCOMPARE(outcome->value().data.value(u"ran"_s).toBool(), true);
}

QTEST_APPLESS_MAIN(TestInvoker)
#include "TestInvoker.moc"
