#include "JsonReferences.h"
#include "catalog/Catalog.h"
#include "channels/discovery/DiscoveryInputs.h"
#include "channels/discovery/OpenApiDocument.h"
#include "channels/mcp/McpToolCatalog.h"
#include "core/Settings.h"
#include "payments/X402Offers.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;

namespace {

QJsonObject json(const char *text)
{
    return QJsonDocument::fromJson(QByteArray(text)).object();
}

// Shapes the real catalog does not have yet: a free channel, two methods of one operation on one
// channel, a POST with a path placeholder, a JSON body that is one whole argument, and schemas with $defs.
Catalog syntheticCatalog()
{
    Catalog catalog;
    const QJsonObject lookupIn = json(
        R"({"$schema": "https://json-schema.org/draft/2020-12/schema",)"
        R"("$id": "https://ades.example/schemas/test/lookup.in.json", "type": "object",)"
        R"("properties": {"id": {"$ref": "#/$defs/Id"}, "mode": {"type": "string", "default": "short"},)"
        R"("tags": {"type": "array", "items": {"type": "string"}}},)"
        R"("required": ["id"], "additionalProperties": false,)"
        R"("$defs": {"Id": {"type": "string", "pattern": "^[0-9]+$"}}})");
    const QJsonObject lookupOut = json(
        R"({"type": "object", "properties": {"item": {"$ref": "#/$defs/Item"}},)"
        R"("$defs": {"Item": {"type": "object", "properties": {"child": {"$ref": "#/$defs/Item"}}}}})");
    catalog.add({
        .id = u"test.lookup"_s,
        .title = u"Lookup"_s,
        .summary = u"Looks an item up."_s,
        .area = u"test"_s,
        .outputContract = u"test-lookup/1"_s,
        .inputSchema = lookupIn,
        .outputSchema = lookupOut,
        .exposures = { { Channel::Free, u"/free/lookup/{id}"_s, Usdc::free(), {} },
            { Channel::X402, u"/x402/lookup/{id}"_s, Usdc::atomicUnits(500'000), {} },
            { Channel::X402, u"/x402/lookup"_s, Usdc::atomicUnits(500'000), {}, u"POST"_s },
            Exposure::key(u"/v1/lookup"_s).renaming(u"value"_s, u"id"_s).acceptingGatewaySecret() },
    });
    catalog.add({
        .id = u"test.recover"_s,
        .title = u"Recover"_s,
        .summary = u"Recovers a job."_s,
        .area = u"test"_s,
        .inputSchema = json(R"({"type": "object", "properties": {"job_id": {"type": "string"},)"
                            R"("secret": {"type": "string"}}, "required": ["job_id", "secret"]})"),
        .outputSchema = json(R"({"type": "object"})"),
        .exposures = { { Channel::Free, u"/free/recover/{job_id}"_s, Usdc::free(), {}, u"POST"_s } },
    });
    catalog.add({
        .id = u"test.rpc"_s,
        .title = u"RPC"_s,
        .summary = u"Forwards a JSON-RPC request."_s,
        .area = u"test"_s,
        .inputSchema = json(R"({"type": "object", "properties": {"request": {"type": "object",)"
                            R"("required": ["method"]}}, "required": ["request"]})"),
        .outputSchema = json(R"({"type": "object"})"),
        .exposures = { { Channel::X402, u"/x402/rpc"_s, Usdc::atomicUnits(10'000),
                           { { u"$body"_s, u"request"_s } }, u"POST"_s },
            { Channel::Cli, u"test.rpc"_s, Usdc::free(), {} } },
    });
    return catalog;
}

} // namespace

// OpenApiDocument over a catalog built in the test: every exposure shape CatalogRoutes decodes becomes the
// matching parameters and body, and the document grows with the catalog alone.
class TestOpenApiDocument : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void operations_data();
    void operations();
    void schemasWithDefinitionsBecomeComponents();
    void documentedRoutesAreListed();

private:
    Catalog m_catalog;
    QJsonObject m_document;
};

void TestOpenApiDocument::initTestCase()
{
    m_catalog = syntheticCatalog();
    const mcp::McpToolCatalog tools(m_catalog);
    const x402::X402Offers offers(Settings::fromValues(
        QString(), { { u"x402/payto_evm"_s, u"0x1111111111111111111111111111111111111111"_s } }));
    DocumentedRoute health { u"GET"_s, u"/v1/health"_s, u"Health"_s, QString(), u"key"_s };
    health.responses = { { 200, u"Up."_s, u"application/json"_s, json(R"({"type": "object"})") } };
    const DiscoveryInputs inputs { m_catalog, tools, offers, { health }, u"http://127.0.0.1:8402"_s,
        u"http://127.0.0.1:8402/mcp"_s, u"ADES"_s, u"ADES"_s, QDateTime::currentDateTimeUtc() };
    m_document = OpenApiDocument(inputs).json();
    QVERIFY(!m_document.isEmpty());
}

void TestOpenApiDocument::operations_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("method");
    QTest::addColumn<QString>("operationId");
    QTest::addColumn<QStringList>("parameters"); // in:name:required
    QTest::addColumn<QStringList>("bodyMembers"); // JSON body properties; empty: no body or not an object
    QTest::addColumn<QString>("atomicUnits");
    QTest::addColumn<QString>("quotaOrPayment"); // the channel's own answer: 429, 402 or 401

    QTest::newRow("free-get") << u"/free/lookup/{id}"_s << u"get"_s << u"test.lookup.free"_s
                              << QStringList { u"path:id:1"_s, u"query:mode:0"_s, u"query:tags:0"_s }
                              << QStringList() << u"0"_s << u"429"_s;
    QTest::newRow("x402-get") << u"/x402/lookup/{id}"_s << u"get"_s << u"test.lookup.x402.get"_s
                              << QStringList { u"path:id:1"_s, u"query:mode:0"_s, u"query:tags:0"_s }
                              << QStringList() << u"500000"_s << u"402"_s;
    QTest::newRow("x402-post-same-operation")
        << u"/x402/lookup"_s << u"post"_s << u"test.lookup.x402.post"_s << QStringList()
        << QStringList { u"id"_s, u"mode"_s, u"tags"_s } << u"500000"_s << u"402"_s;
    QTest::newRow("key-wire-name") << u"/v1/lookup"_s << u"get"_s << u"test.lookup.key"_s
                                   << QStringList { u"query:mode:0"_s, u"query:tags:0"_s, u"query:value:1"_s }
                                   << QStringList() << u"0"_s << u"401"_s;
    QTest::newRow("post-with-path") << u"/free/recover/{job_id}"_s << u"post"_s << u"test.recover.free"_s
                                    << QStringList { u"path:job_id:1"_s } << QStringList { u"secret"_s }
                                    << u"0"_s << u"429"_s;
    QTest::newRow("whole-body-argument") << u"/x402/rpc"_s << u"post"_s << u"test.rpc.x402"_s << QStringList()
                                         << QStringList() << u"10000"_s << u"402"_s;
}

void TestOpenApiDocument::operations()
{
    QFETCH(QString, path);
    QFETCH(QString, method);
    QFETCH(QString, operationId);
    QFETCH(QStringList, parameters);
    QFETCH(QStringList, bodyMembers);
    QFETCH(QString, atomicUnits);
    QFETCH(QString, quotaOrPayment);

    const QJsonObject operation
        = m_document.value(u"paths"_s).toObject().value(path).toObject().value(method).toObject();
    QVERIFY(!operation.isEmpty());
    QCOMPARE(operation.value(u"operationId"_s).toString(), operationId);
    QCOMPARE(operation.value(u"x-price"_s).toObject().value(u"atomic_units"_s).toString(), atomicUnits);
    QStringList declared;
    const QJsonArray list = operation.value(u"parameters"_s).toArray();
    for (const QJsonValue &parameter : list) {
        const QJsonObject p = parameter.toObject();
        declared.append(u"%1:%2:%3"_s.arg(p.value(u"in"_s).toString(), p.value(u"name"_s).toString())
                            .arg(p.value(u"required"_s).toBool() ? 1 : 0));
        // A JSON-typed query parameter travels as JSON text.
        if (p.value(u"name"_s).toString() == u"tags"_s)
            QVERIFY(p.value(u"content"_s).toObject().contains(u"application/json"_s));
    }
    QCOMPARE(declared, parameters);
    const QJsonObject body
        = test::jsonAt(operation, { u"requestBody"_s, u"content"_s, u"application/json"_s, u"schema"_s })
              .toObject();
    QCOMPARE(body.value(u"properties"_s).toObject().keys(), bodyMembers);
    if (method == u"post"_s)
        QVERIFY(operation.contains(u"requestBody"_s));
    if (operationId == u"test.rpc.x402"_s)
        QCOMPARE(body.value(u"required"_s).toArray(), QJsonArray { u"method"_s });
    const QJsonObject responses = operation.value(u"responses"_s).toObject();
    QVERIFY(responses.contains(quotaOrPayment));
    if (quotaOrPayment == u"429"_s) {
        // The free channel's counters travel in headers; the 429 also says when to retry.
        QVERIFY(responses.value(u"200"_s)
                    .toObject()
                    .value(u"headers"_s)
                    .toObject()
                    .contains(u"X-Free-Quota-Remaining"_s));
        QVERIFY(
            responses.value(u"429"_s).toObject().value(u"headers"_s).toObject().contains(u"Retry-After"_s));
    }
    // The operator's gateway may call the key routes that accept its secret, and only those.
    const QJsonArray security = operation.value(u"security"_s).toArray();
    const bool gateway = std::any_of(security.begin(), security.end(),
        [](const QJsonValue &s) { return s.toObject().contains(u"gatewaySecret"_s); });
    QCOMPARE(gateway, operationId == u"test.lookup.key"_s);
    QCOMPARE(
        test::jsonAt(responses, { u"200"_s, u"content"_s, u"application/json"_s, u"schema"_s, u"$ref"_s })
            .toString()
            .section(u'/', -1),
        operationId.section(u'.', 0, 1) + u".result"_s);
}

void TestOpenApiDocument::schemasWithDefinitionsBecomeComponents()
{
    const QStringList references = test::jsonReferences(m_document);
    for (const QString &reference : std::as_const(references))
        QVERIFY2(!test::resolveJsonPointer(m_document, reference).isUndefined(), qPrintable(reference));
    QVERIFY(references.contains(u"#/components/schemas/test.lookup.input.Id"_s));
    // A recursive definition keeps pointing at itself, now as a component.
    QCOMPARE(test::resolveJsonPointer(
                 m_document, u"#/components/schemas/test.lookup.result.Item/properties/child/$ref"_s)
                 .toString(),
        u"#/components/schemas/test.lookup.result.Item"_s);
    const QJsonObject schemas = m_document.value(u"components"_s).toObject().value(u"schemas"_s).toObject();
    for (auto it = schemas.begin(); it != schemas.end(); ++it) {
        QVERIFY2(!it.value().toObject().contains(u"$defs"_s), qPrintable(it.key()));
        QVERIFY2(!it.value().toObject().contains(u"$id"_s), qPrintable(it.key()));
    }
    // The result as delivered: the receipt members are declared beside the operation's own.
    QVERIFY(schemas.value(u"test.rpc.result"_s)
                .toObject()
                .value(u"properties"_s)
                .toObject()
                .contains(u"receipt"_s));
}

void TestOpenApiDocument::documentedRoutesAreListed()
{
    const QJsonObject health = test::jsonAt(m_document, { u"paths"_s, u"/v1/health"_s, u"get"_s }).toObject();
    QCOMPARE(health.value(u"operationId"_s).toString(), u"key.v1.health.get"_s);
    QVERIFY(health.value(u"responses"_s).toObject().contains(u"200"_s));
    QCOMPARE(m_document.value(u"info"_s).toObject().value(u"version"_s).toString(), u"1.6.0"_s);
}

QTEST_APPLESS_MAIN(TestOpenApiDocument)
#include "TestOpenApiDocument.moc"
