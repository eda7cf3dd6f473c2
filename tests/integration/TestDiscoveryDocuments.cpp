#include "HttpTestClient.h"
#include "JsonReferences.h"
#include "RunningService.h"
#include "TestData.h"
#include "catalog/Catalog.h"
#include "channels/mcp/McpToolCatalog.h"
#include "host/ServiceContext.h"
#include "host/ServiceHost.h"
#include "http/RouteTemplate.h"
#include "payments/X402Offers.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::test;

namespace {

const QString PayTo = u"0x1111111111111111111111111111111111111111"_s;
const QString McpPath = u"/agents/mcp"_s; // not the default: the documents must follow the setting

const QList<Channel> HttpChannels { Channel::X402, Channel::Key, Channel::Free };

} // namespace

// The discovery documents of a running service, over HTTP on loopback: each is served with GET and HEAD and
// cache headers, and says exactly what the catalog, the MCP tool list and the payment offers say.
class TestDiscoveryDocuments : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void served_data();
    void served();
    void openApiListsEveryHttpExposure();
    void openApiListsTheChannelsFixedRoutes();
    void openApiReferencesResolve();
    void llmsTxtNamesEveryRouteAndPrice();
    void agentsManifestMatchesTheCatalog();
    void x402ListsTheOffersOfEveryPaidRoute();
    void x402WithoutPayToSaysSo();
    void agentCardSkillsAreTheMcpTools();

private:
    QJsonObject fetch(const QString &path) const;

    test::RunningService m_paid; // payTo configured, MCP on McpPath
    test::RunningService m_unpaid; // no receiving address
    QJsonObject m_openApi;
};

void TestDiscoveryDocuments::initTestCase()
{
    ADES_REQUIRE_SHARED_DATA();
    QVERIFY(m_paid.start({ { u"x402/payto_evm"_s, PayTo }, { u"mcp/path"_s, McpPath } }));
    QVERIFY(m_unpaid.start({}));
    m_openApi = fetch(u"/openapi.json"_s);
    QVERIFY(!m_openApi.isEmpty());
}

QJsonObject TestDiscoveryDocuments::fetch(const QString &path) const
{
    const HttpTestResponse r = m_paid.client->get(path);
    return r.status == 200 ? r.json() : QJsonObject();
}

void TestDiscoveryDocuments::served_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QByteArray>("contentType");
    QTest::newRow("openapi") << u"/openapi.json"_s << QByteArray("application/json");
    QTest::newRow("mcp-tools") << u"/mcp-tools.json"_s << QByteArray("application/json");
    QTest::newRow("llms.txt") << u"/llms.txt"_s << QByteArray("text/markdown; charset=utf-8");
    QTest::newRow("agents") << u"/agents.json"_s << QByteArray("application/json");
    QTest::newRow("x402") << u"/.well-known/x402"_s << QByteArray("application/json");
    QTest::newRow("agent-card") << u"/.well-known/agent-card.json"_s << QByteArray("application/json");
}

void TestDiscoveryDocuments::served()
{
    QFETCH(QString, path);
    QFETCH(QByteArray, contentType);
    const HttpTestResponse get = m_paid.client->get(path);
    QCOMPARE(get.status, 200);
    QCOMPARE(get.header("Content-Type"), contentType);
    QVERIFY2(
        get.header("Cache-Control").startsWith("public, max-age="), get.header("Cache-Control").constData());
    QVERIFY(get.body.size() > 100);
    if (contentType == "application/json")
        QVERIFY(QJsonDocument::fromJson(get.body).isObject());

    const HttpTestResponse head = m_paid.client->head(path);
    QCOMPARE(head.status, 200);
    QVERIFY(head.body.isEmpty());
    QCOMPARE(head.header("Content-Type"), contentType);

    const HttpTestResponse post = m_paid.client->post(path, "{}");
    QCOMPARE(post.status, 405);
    QCOMPARE(post.header("Allow"), QByteArray("GET, HEAD"));
}

void TestDiscoveryDocuments::openApiListsEveryHttpExposure()
{
    QCOMPARE(m_openApi.value(u"openapi"_s).toString(), u"3.1.0"_s);
    QCOMPARE(m_openApi.value(u"info"_s).toObject().value(u"version"_s).toString(), u"1.6.0"_s);
    QCOMPARE(m_openApi.value(u"servers"_s).toArray().at(0).toObject().value(u"url"_s).toString(),
        m_paid.context->publicUrl());
    const QJsonObject paths = m_openApi.value(u"paths"_s).toObject();

    int bindings = 0;
    for (Channel channel : HttpChannels) {
        const QList<Catalog::Binding> list = m_paid.context->catalog().bindings(channel);
        for (const Catalog::Binding &binding : list) {
            ++bindings;
            const Exposure &exposure = *binding.exposure;
            const QString where = exposure.method + u' ' + exposure.route;
            const QJsonObject operation
                = paths.value(exposure.route).toObject().value(exposure.method.toLower()).toObject();
            QVERIFY2(!operation.isEmpty(), qPrintable(where + u" is missing"_s));
            QCOMPARE(operation.value(u"x-operation"_s).toString(), binding.operation->id);
            QCOMPARE(operation.value(u"x-channel"_s).toString(), channelName(channel));
            QCOMPARE(operation.value(u"x-price"_s).toObject().value(u"atomic_units"_s).toString(),
                exposure.price.toAtomicString());
            QCOMPARE(operation.value(u"x-price-usdc"_s).toString(), exposure.price.toDecimalString());
            const QJsonObject responses = operation.value(u"responses"_s).toObject();
            for (const QString &status : { u"200"_s, u"400"_s, u"422"_s, u"503"_s })
                QVERIFY2(responses.contains(status), qPrintable(where + u" lacks "_s + status));
            QCOMPARE(test::jsonAt(
                         responses, { u"422"_s, u"content"_s, u"application/json"_s, u"schema"_s, u"$ref"_s })
                         .toString(),
                u"#/components/schemas/Error"_s);
            if (channel == Channel::X402) {
                QVERIFY2(!exposure.price.isFree(), qPrintable(where));
                QVERIFY(
                    operation.value(u"description"_s).toString().contains(exposure.price.toAtomicString()));
                QVERIFY(responses.value(u"402"_s)
                            .toObject()
                            .value(u"headers"_s)
                            .toObject()
                            .contains(u"PAYMENT-REQUIRED"_s));
                QCOMPARE(operation.value(u"security"_s).toArray().at(0).toObject().keys(),
                    QStringList { u"x402"_s });
            } else if (channel == Channel::Key) {
                QVERIFY(responses.contains(u"401"_s));
                QVERIFY(responses.contains(u"402"_s));
                QCOMPARE(operation.value(u"security"_s).toArray().at(0).toObject().keys(),
                    QStringList { u"apiKey"_s });
            } else {
                QVERIFY(responses.contains(u"429"_s));
            }
            // Every {placeholder} is a required path parameter.
            const QStringList placeholders = RouteTemplate(exposure.route).placeholders();
            const QJsonArray parameters = operation.value(u"parameters"_s).toArray();
            for (const QString &name : placeholders) {
                const bool declared
                    = std::any_of(parameters.begin(), parameters.end(), [&name](const QJsonValue &p) {
                          return p.toObject().value(u"name"_s).toString() == name
                              && p.toObject().value(u"in"_s).toString() == u"path"_s
                              && p.toObject().value(u"required"_s).toBool();
                      });
                QVERIFY2(declared, qPrintable(where + u": path parameter "_s + name));
            }
        }
    }
    QVERIFY(bindings > 0);

    // Nothing else claims to be a catalog operation, and operation ids are unique.
    int described = 0;
    QSet<QString> ids;
    for (auto path = paths.begin(); path != paths.end(); ++path) {
        const QJsonObject item = path.value().toObject();
        for (auto method = item.begin(); method != item.end(); ++method) {
            const QJsonObject operation = method.value().toObject();
            if (operation.contains(u"x-operation"_s))
                ++described;
            const QString id = operation.value(u"operationId"_s).toString();
            QVERIFY2(!id.isEmpty() && !ids.contains(id), qPrintable(id));
            ids.insert(id);
        }
    }
    QCOMPARE(described, bindings);

    // Parameters use the exposure's wire names: `value` on the key channel, the placeholder on x402.
    QCOMPARE(test::jsonAt(paths, { u"/v1/iban"_s, u"get"_s, u"parameters"_s })
                 .toArray()
                 .at(0)
                 .toObject()
                 .value(u"name"_s)
                 .toString(),
        u"value"_s);
    // A document upload: JSON with the base64 document, the file itself, or the multipart part `file`.
    const QJsonObject upload
        = test::jsonAt(paths, { u"/x402/einvoice"_s, u"post"_s, u"requestBody"_s, u"content"_s }).toObject();
    QVERIFY(test::jsonAt(upload, { u"application/json"_s, u"schema"_s, u"properties"_s })
                .toObject()
                .contains(u"document"_s));
    QVERIFY(upload.contains(u"application/xml"_s));
    QCOMPARE(test::jsonAt(upload, { u"multipart/form-data"_s, u"schema"_s, u"required"_s }).toArray(),
        QJsonArray { u"file"_s });

    const QJsonObject schemes
        = m_openApi.value(u"components"_s).toObject().value(u"securitySchemes"_s).toObject();
    QCOMPARE(schemes.value(u"apiKey"_s).toObject().value(u"name"_s).toString(), u"X-API-Key"_s);
    QCOMPARE(schemes.value(u"x402"_s).toObject().value(u"name"_s).toString(), u"PAYMENT-SIGNATURE"_s);
    QVERIFY(
        schemes.value(u"x402"_s).toObject().value(u"description"_s).toString().contains(u"eip155:8453"_s));
}

void TestDiscoveryDocuments::openApiListsTheChannelsFixedRoutes()
{
    const QJsonObject paths = m_openApi.value(u"paths"_s).toObject();
    const auto operation = [&paths](const QString &path, const QString &method) {
        return paths.value(path).toObject().value(method).toObject();
    };
    QVERIFY(operation(u"/v1/health"_s, u"get"_s).value(u"responses"_s).toObject().contains(u"200"_s));
    const QJsonObject signup = operation(u"/v1/signup"_s, u"post"_s);
    QVERIFY(signup.value(u"responses"_s).toObject().contains(u"201"_s));
    QVERIFY(signup.value(u"responses"_s).toObject().contains(u"429"_s));
    QVERIFY(signup.contains(u"requestBody"_s));
    QCOMPARE(operation(u"/v1/usage"_s, u"get"_s).value(u"security"_s).toArray().at(0).toObject().keys(),
        QStringList { u"apiKey"_s });
    // The MCP endpoint where the setting puts it, not at the default.
    QVERIFY(operation(McpPath, u"post"_s).contains(u"requestBody"_s));
    QVERIFY(!paths.contains(u"/mcp"_s));
    QVERIFY(operation(u"/verify"_s, u"get"_s).contains(u"responses"_s));
    QVERIFY(operation(u"/verify"_s, u"post"_s).contains(u"requestBody"_s));
    for (const QString &document : { u"/openapi.json"_s, u"/mcp-tools.json"_s, u"/llms.txt"_s,
             u"/agents.json"_s, u"/.well-known/x402"_s, u"/.well-known/agent-card.json"_s })
        QVERIFY2(!operation(document, u"get"_s).isEmpty(), qPrintable(document));
    QVERIFY(operation(u"/llms.txt"_s, u"get"_s)
                .value(u"responses"_s)
                .toObject()
                .value(u"200"_s)
                .toObject()
                .value(u"content"_s)
                .toObject()
                .contains(u"text/markdown; charset=utf-8"_s));
}

void TestDiscoveryDocuments::openApiReferencesResolve()
{
    const QStringList references = test::jsonReferences(m_openApi);
    QVERIFY(references.size() > 10);
    for (const QString &reference : std::as_const(references))
        QVERIFY2(!test::resolveJsonPointer(m_openApi, reference).isUndefined(), qPrintable(reference));
    // The schemas of the MCP endpoint had their own $defs: they became components.
    QVERIFY(
        !test::resolveJsonPointer(m_openApi, u"#/components/schemas/mcp.agents.mcp.post.request.message"_s)
             .isUndefined());
}

void TestDiscoveryDocuments::llmsTxtNamesEveryRouteAndPrice()
{
    const QString text = QString::fromUtf8(m_paid.client->get(u"/llms.txt"_s).body);
    const QString base = m_paid.context->publicUrl();
    QVERIFY(text.startsWith(u"# "_s));
    QVERIFY(text.contains(u"\n> "_s));
    for (const QString &section : { u"## Pay per call (x402)"_s, u"## MCP"_s, u"## Key channel"_s,
             u"## Free channel"_s, u"## Operations"_s, u"## Discovery"_s })
        QVERIFY2(text.contains(u'\n' + section + u'\n'), qPrintable(section));
    QVERIFY(text.contains(u"eip155:8453"_s));
    QVERIFY(text.contains(u"[MCP endpoint]("_s + base + McpPath + u')'));
    QVERIFY(text.contains(u"[POST /v1/signup]("_s + base + u"/v1/signup)"_s));

    const QList<const Operation *> operations = m_paid.context->catalog().operations();
    for (const Operation *operation : operations) {
        QVERIFY2(text.contains(u"### %1 (`%2`)"_s.arg(operation->title, operation->id)),
            qPrintable(operation->id));
        for (const Exposure &exposure : std::as_const(operation->exposures)) {
            if (exposure.channel == Channel::Mcp) {
                QVERIFY2(text.contains(u"- MCP tool `%1`"_s.arg(exposure.route)), qPrintable(exposure.route));
                continue;
            }
            if (!HttpChannels.contains(exposure.channel))
                continue;
            QString line = u"- [%1 %2](%3%2)"_s.arg(exposure.method, exposure.route, base);
            if (exposure.channel == Channel::X402)
                line += u": x402, %1 USDC (%2 atomic units)"_s.arg(
                    exposure.price.toDecimalString(), exposure.price.toAtomicString());
            QVERIFY2(text.contains(line), qPrintable(line));
        }
    }
    const QString unpaid = QString::fromUtf8(m_unpaid.client->get(u"/llms.txt"_s).body);
    QVERIFY(unpaid.contains(u"payments_not_configured"_s));
    QVERIFY(!unpaid.contains(u"eip155:8453"_s));
}

void TestDiscoveryDocuments::agentsManifestMatchesTheCatalog()
{
    const QJsonObject manifest = fetch(u"/agents.json"_s);
    QCOMPARE(manifest.value(u"version"_s).toString(), u"1.6.0"_s);
    QCOMPARE(manifest.value(u"base_url"_s).toString(), m_paid.context->publicUrl());
    QCOMPARE(manifest.value(u"mcp"_s).toObject().value(u"url"_s).toString(),
        m_paid.context->publicUrl() + McpPath);

    const QJsonArray authentication = manifest.value(u"authentication"_s).toArray();
    QStringList types;
    for (const QJsonValue &method : authentication)
        types.append(method.toObject().value(u"type"_s).toString());
    QCOMPARE(types, (QStringList { u"x402"_s, u"x402_mcp"_s, u"api_key"_s, u"none"_s }));
    const x402::X402Offers offers(m_paid.context->settings());
    const QJsonArray networks = authentication.at(0).toObject().value(u"networks"_s).toArray();
    QCOMPARE(networks.size(), offers.offers().size());
    QCOMPARE(networks.at(0).toObject().value(u"pay_to"_s).toString(), PayTo);

    const QList<const Operation *> catalog = m_paid.context->catalog().operations();
    const QJsonArray operations = manifest.value(u"operations"_s).toArray();
    QCOMPARE(operations.size(), catalog.size());
    for (qsizetype i = 0; i < catalog.size(); ++i) {
        const Operation &expected = *catalog.at(i);
        const QJsonObject operation = operations.at(i).toObject();
        QCOMPARE(operation.value(u"id"_s).toString(), expected.id);
        QCOMPARE(operation.value(u"title"_s).toString(), expected.title);
        QCOMPARE(operation.value(u"summary"_s).toString(), expected.summary);
        // The schema reference points into /openapi.json, at the operation's input schema.
        const QString input = operation.value(u"input_schema"_s).toString();
        const QString prefix = m_paid.context->publicUrl() + u"/openapi.json"_s;
        QVERIFY2(input.startsWith(prefix), qPrintable(input));
        QCOMPARE(
            test::resolveJsonPointer(m_openApi, input.mid(prefix.size())).toObject().value(u"properties"_s),
            expected.inputSchema.value(u"properties"_s));
        const QJsonArray channels = operation.value(u"channels"_s).toArray();
        QCOMPARE(channels.size(), expected.exposures.size());
        for (qsizetype j = 0; j < channels.size(); ++j) {
            const Exposure &exposure = expected.exposures.at(j);
            const QJsonObject channel = channels.at(j).toObject();
            QCOMPARE(channel.value(u"channel"_s).toString(), channelName(exposure.channel));
            QCOMPARE(channel.value(u"price"_s).toObject().value(u"atomic_units"_s).toString(),
                exposure.price.toAtomicString());
            if (exposure.channel == Channel::Mcp) {
                QCOMPARE(channel.value(u"tool"_s).toString(), exposure.route);
            } else if (HttpChannels.contains(exposure.channel)) {
                QCOMPARE(channel.value(u"path"_s).toString(), exposure.route);
                QCOMPARE(channel.value(u"method"_s).toString(), exposure.method);
            }
        }
    }
}

void TestDiscoveryDocuments::x402ListsTheOffersOfEveryPaidRoute()
{
    const QJsonObject document = fetch(u"/.well-known/x402"_s);
    QCOMPARE(document.value(u"x402Version"_s).toInt(), 2);
    QVERIFY(!document.contains(u"note"_s));
    const QList<Catalog::Binding> bindings = m_paid.context->catalog().bindings(Channel::X402);
    const QJsonArray items = document.value(u"items"_s).toArray();
    QCOMPARE(items.size(), bindings.size());
    QCOMPARE(document.value(u"pagination"_s).toObject().value(u"total"_s).toInt(), bindings.size());
    // The very requirements the x402 channel's challenge offers: same settings, same network gate.
    const x402::X402Offers offers(m_paid.context->settings(), &m_paid.context->networkGate());
    for (qsizetype i = 0; i < bindings.size(); ++i) {
        const QJsonObject item = items.at(i).toObject();
        QCOMPARE(item.value(u"resource"_s).toString(),
            m_paid.context->publicUrl() + bindings.at(i).exposure->route);
        QCOMPARE(item.value(u"type"_s).toString(), u"http"_s);
        QCOMPARE(item.value(u"x402Version"_s).toInt(), 2);
        QCOMPARE(item.value(u"description"_s).toString(), bindings.at(i).operation->summary);
        QCOMPARE(item.value(u"mimeType"_s).toString(), u"application/json"_s);
        QVERIFY(QDateTime::fromString(item.value(u"lastUpdated"_s).toString(), Qt::ISODateWithMs).isValid());
        QJsonArray expected;
        const QList<QJsonObject> requirements = offers.requirements(bindings.at(i).exposure->price);
        for (const QJsonObject &requirement : requirements)
            expected.append(requirement);
        QVERIFY(!expected.isEmpty());
        QCOMPARE(item.value(u"accepts"_s).toArray(), expected);
        QCOMPARE(expected.at(0).toObject().value(u"payTo"_s).toString(), PayTo);
    }
}

void TestDiscoveryDocuments::x402WithoutPayToSaysSo()
{
    const QJsonObject document = m_unpaid.client->get(u"/.well-known/x402"_s).json();
    QCOMPARE(document.value(u"x402Version"_s).toInt(), 2);
    QVERIFY(document.value(u"items"_s).toArray().isEmpty());
    QVERIFY(document.value(u"note"_s).toString().contains(u"payments_not_configured"_s));
}

void TestDiscoveryDocuments::agentCardSkillsAreTheMcpTools()
{
    const QJsonObject card = fetch(u"/.well-known/agent-card.json"_s);
    QCOMPARE(card.value(u"version"_s).toString(), u"1.6.0"_s);
    QCOMPARE(card.value(u"protocolVersion"_s).toString(), u"0.3.0"_s);
    QCOMPARE(card.value(u"url"_s).toString(), m_paid.context->publicUrl() + McpPath);
    QCOMPARE(card.value(u"capabilities"_s).toObject(),
        (QJsonObject { { u"streaming"_s, false }, { u"pushNotifications"_s, false },
            { u"stateTransitionHistory"_s, false } }));
    QCOMPARE(card.value(u"defaultInputModes"_s).toArray(), QJsonArray { u"application/json"_s });
    QCOMPARE(card.value(u"defaultOutputModes"_s).toArray(), QJsonArray { u"application/json"_s });
    bool http = false;
    const QJsonArray interfaces = card.value(u"additionalInterfaces"_s).toArray();
    for (const QJsonValue &entry : interfaces)
        http |= entry.toObject()
            == QJsonObject { { u"url"_s, m_paid.context->publicUrl() }, { u"transport"_s, u"HTTP+JSON"_s } };
    QVERIFY(http);

    const mcp::McpToolCatalog tools(m_paid.context->catalog());
    const QJsonArray skills = card.value(u"skills"_s).toArray();
    QCOMPARE(skills.size(), tools.tools().size());
    for (qsizetype i = 0; i < skills.size(); ++i) {
        const mcp::McpToolCatalog::Tool &tool = tools.tools().at(i);
        const QJsonObject skill = skills.at(i).toObject();
        QCOMPARE(skill.value(u"id"_s).toString(), tool.name);
        QCOMPARE(skill.value(u"name"_s).toString(), tool.operation->title);
        QCOMPARE(skill.value(u"description"_s), tool.definition.value(u"description"_s));
        QVERIFY(skill.value(u"tags"_s).toArray().contains(tool.operation->area));
    }
    // The tool list over MCP is the same list.
    const QJsonArray listed = fetch(u"/mcp-tools.json"_s).value(u"tools"_s).toArray();
    QCOMPARE(listed.size(), skills.size());
}

QTEST_GUILESS_MAIN(TestDiscoveryDocuments)
#include "TestDiscoveryDocuments.moc"
