#pragma once

#include "core/JsonBody.h"
#include "core/Result.h"
#include "core/Usdc.h"

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <functional>
#include <optional>

namespace ades {

enum class Channel
{
    X402, // pay per call, /x402/... and /api/v1/...
    Key, // API key, /v1/...
    Free, // keyless daily quota, /free/...
    Mcp, // MCP tool
    Cli, // `ades call`
    Console, // the operator's own checks by hand in the console: every operation, never charged, never
             // offered to anyone else (no route, not in any discovery document)
};

QString channelName(Channel channel);

// Which daily per-address counter a keyless /free/ exposure spends (docs/interface.md §5, §8). The two never
// share a counter, so checking inputs cannot use up the free operations and the reverse.
enum class FreeQuota
{
    DailyCalls, // free operations: "5 calls a day per address" (setting free/daily_calls)
    InputChecks, // free input checks ("/free/.../check"): the daily abuse quota (free/daily_input_checks)
};

// One way an operation is offered. docs/interface.md names and prices operations per channel, so route, price
// and argument names live here and nowhere else.
struct Operation;

struct Exposure
{
    Channel channel = Channel::Cli;
    // HTTP path template with {placeholders} ("/x402/iban/{iban}") or the MCP tool name ("validate_iban").
    QString route;
    Usdc price;
    // Wire name -> schema argument name where they differ ({"value", "iban"} on /v1/iban).
    QHash<QString, QString> argumentNames;
    // HTTP method; ignored for MCP and CLI.
    QString method = QStringLiteral("GET");
    // Values this channel fills in for absent arguments (schema names), before schema defaults apply:
    // the per-channel defaults of docs/interface.md (MCP: destination_country "US", b2b true ...) stay
    // out of engines.
    QJsonObject argumentDefaults;
    // Schema keywords this channel adds to an argument's schema ({"iban": {"minLength": 15}} on MCP): the
    // per-channel input limits of docs/interface.md (§4.5, §8), checked and advertised on that channel only.
    QJsonObject argumentLimits;
    // Channel::Free only: the daily per-address counter a call spends.
    FreeQuota freeQuota = FreeQuota::DailyCalls;
    // Channel::Key only: served without X-API-Key for the operator's gateway that sends the configured
    // x-gateway-proxy-secret (docs/interface.md §4.3, §5).
    bool acceptsGatewaySecret = false;
    // Channel::Key only: the plan a key must be on ("full"); empty: any plan. Other keys get 402
    // plan_required before anything runs (docs/interface.md §4.3: the batch VAT check is for full-plan keys).
    QString requiredPlan;

    // The operation's input schema narrowed by argumentLimits.
    QJsonObject inputSchema(const Operation &operation) const;

    // Builders, so that a catalog entry reads as a sentence:
    //   Exposure::x402(u"/x402/iban/{iban}"_s, Usdc::atomicUnits(2'000)),
    //   Exposure::key(u"/v1/iban"_s).renaming(u"value"_s, u"iban"_s),
    //   Exposure::mcp(u"validate_iban"_s).limitingLength(u"iban"_s, 15, 42),
    static Exposure x402(const QString &route, Usdc price);
    static Exposure key(const QString &route);
    static Exposure free(const QString &route, FreeQuota quota = FreeQuota::DailyCalls);
    static Exposure mcp(const QString &toolName, Usdc price = Usdc::free());
    static Exposure cli(const QString &name);
    Exposure post() const;
    Exposure renaming(const QString &wireName, const QString &argument) const;
    Exposure renaming(const QHash<QString, QString> &names) const;
    Exposure defaulting(const QString &argument, const QJsonValue &value) const;
    // `arguments` (schema names) with this channel's defaults filled in where absent.
    QJsonObject withArgumentDefaults(QJsonObject arguments) const;
    Exposure limitingLength(const QString &argument, int minLength, int maxLength) const;
    Exposure acceptingGatewaySecret() const;
    Exposure requiringPlan(const QString &plan) const;
};

// What a handler delivers: the result JSON (it carries its own evidence members) and the subject a receipt
// attests ("DE89370400440532013000"). A handler on a hot path may write the result as canonical text
// (CanonicalWriter, JsonBody::fromCanonical); it must not hold `receipt` or `extensions` members, which the
// channel adds.
struct OperationResult
{
    JsonBody data;
    QString subject;
    // Calls of an API key's quota this result counts on the key channel: 1 for a single operation; a batch
    // counts what it checked (docs/api.md, "VAT batch"). Other channels price per call and ignore it.
    qint64 calls = 1;
};

using Outcome = Result<OperationResult>;
// Called exactly once, on the thread that called the handler.
using Completion = std::function<void(Outcome)>;

struct CallContext
{
    Channel channel = Channel::Cli;
    QString requestId;
};

// Arguments arrive validated against inputSchema, with schema names. A handler must not block: upstream
// calls go through UpstreamClient (asynchronous, per-thread network access), heavy CPU work to a pool.
using Handler
    = std::function<void(const QJsonObject &arguments, const CallContext &context, Completion done)>;

struct Operation
{
    QString id; // "eu.iban.check"
    QString title; // "IBAN check"
    QString summary; // one sentence for OpenAPI, MCP descriptions and the console
    QString area; // "eu"
    QString outputContract; // "eu-iban-check/1"
    QJsonObject inputSchema;
    QJsonObject outputSchema;
    QList<Exposure> exposures;
    Handler handler;
    // Input rules the schema cannot express (check digits, which countries a source covers), checked after
    // the schema and before any payment, quota or upstream call: its 422 is never charged and never asks
    // for payment. Optional; must not block.
    std::function<std::optional<ServiceError>(const QJsonObject &arguments)> check;
    // Upstream source ids (UpstreamClient) a call may reach; empty when the operation answers from bundled
    // or kept data. Drives MCP openWorldHint and the source provenance of /mcp-tools.json.
    QStringList sources;
    // Called once a paid result of this operation settled (x402 over HTTP or MCP), with the arguments and
    // the signed result exactly as delivered; never for an identical retry served from the ledger, never
    // for a call that did not settle. For operations that keep what they delivered (us.import.dossier keeps
    // it for recovery). Optional; runs on the I/O thread before the result is sent, so it must be quick.
    std::function<void(const QJsonObject &arguments, const QByteArray &signedResult)> settled;

    const Exposure *exposure(Channel channel) const;
};

} // namespace ades
