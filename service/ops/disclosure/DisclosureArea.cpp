#include "DisclosureArea.h"

#include "DisclosureOperation.h"
#include "DisclosureRecord.h"
#include "area/AreaContext.h"
#include "catalog/Catalog.h"

using namespace Qt::StringLiterals;

namespace ades::disclosure {

namespace {

// SPEC.md §4.1: 0.01 USDC for both paid forms.
constexpr qint64 PriceUnits = 10'000;

const QString Attests
    = u" Attests the declared origin and states the Article 50 (EU AI Act) duties with reasons, exceptions, "
      "dates of application, disclosure texts in German and English and machine-readable marking methods; "
      "never detects AI authorship."_s;

} // namespace

QString DisclosureArea::name() const
{
    return u"disclosure"_s;
}

void DisclosureArea::registerOperations(Catalog &catalog, const AreaContext &context)
{
    using Form = DisclosureFacts::Form;
    const QJsonObject output = Catalog::loadSchema(u":/schemas/disclosure/disclosure.record.out.json"_s);
    // SPEC.md §4.1: the content in a JSON body, hashed here; it is neither stored nor echoed.
    catalog.add({
        .id = u"disclosure.record"_s,
        .title = u"AI-disclosure record"_s,
        .summary = u"Signed AI-disclosure record for AI-generated or manipulated content sent in the body "
                   "(text as content, bytes as content_base64, at most 1 MiB), hashed with SHA-256 by the "
                   "service and neither stored nor returned."_s
            + Attests,
        .area = name(),
        .outputContract = DisclosureRecord::Contract,
        .inputSchema = Catalog::loadSchema(u":/schemas/disclosure/disclosure.record.in.json"_s),
        .outputSchema = output,
        .exposures = { Exposure::x402(u"/x402/ai-disclosure"_s, Usdc::atomicUnits(PriceUnits)).post(),
            Exposure::mcp(u"ai_disclosure"_s, Usdc::atomicUnits(PriceUnits)),
            Exposure::cli(u"disclosure.record"_s) },
        .handler = makeDisclosureHandler(Form::Content, context.clock),
        .check = disclosureInputCheck(Form::Content),
    });
    // SPEC.md §4.1: the hash-only form; the content never reaches the service.
    catalog.add({
        .id = u"disclosure.fingerprint"_s,
        .title = u"AI-disclosure record from a fingerprint"_s,
        .summary = u"Signed AI-disclosure record from the content's SHA-256 (content_sha256, 64 hex digits) "
                   "alone; the content is never sent."_s
            + Attests,
        .area = name(),
        .outputContract = DisclosureRecord::Contract,
        .inputSchema = Catalog::loadSchema(u":/schemas/disclosure/disclosure.fingerprint.in.json"_s),
        .outputSchema = output,
        .exposures = { Exposure::x402(u"/x402/ai-disclosure"_s, Usdc::atomicUnits(PriceUnits)),
            Exposure::mcp(u"ai_disclosure_fingerprint"_s, Usdc::atomicUnits(PriceUnits)),
            Exposure::cli(u"disclosure.fingerprint"_s) },
        .handler = makeDisclosureHandler(Form::Fingerprint, context.clock),
        .check = disclosureInputCheck(Form::Fingerprint),
    });
    // SPEC.md §4.2, §5: the free trial on the free operations' daily counter (5 a day per address), which
    // the free MCP tool shares; either form, the same record marked trial, signed like every delivery.
    catalog.add({
        .id = u"disclosure.trial"_s,
        .title = u"AI-disclosure record (free trial)"_s,
        .summary
        = u"Free trial of the AI-disclosure record, 5 a day per address: the content (content or "
          "content_base64, hashed by the service, not stored) or its content_sha256; the same signed "
          "record, marked trial."_s
            + Attests,
        .area = name(),
        .outputContract = DisclosureRecord::Contract,
        .inputSchema = Catalog::loadSchema(u":/schemas/disclosure/disclosure.trial.in.json"_s),
        .outputSchema = output,
        .exposures = { Exposure::free(u"/free/ai-disclosure"_s, FreeQuota::DailyCalls).post(),
            Exposure::mcp(u"ai_disclosure_trial"_s), Exposure::cli(u"disclosure.trial"_s) },
        .handler = makeDisclosureHandler(Form::Either, context.clock),
        .check = disclosureInputCheck(Form::Either),
    });
}

} // namespace ades::disclosure
