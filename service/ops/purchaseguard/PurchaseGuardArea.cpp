#include "PurchaseGuardArea.h"

#include "GuardCheck.h"
#include "GuardPurchase.h"
#include "area/AreaContext.h"
#include "catalog/Catalog.h"

using namespace Qt::StringLiterals;

namespace ades::guard {

QString PurchaseGuardArea::name() const
{
    return u"purchaseguard"_s;
}

void PurchaseGuardArea::registerOperations(Catalog &catalog, const AreaContext &context)
{
    // SPEC §4.2 names POST /free/x402-purchase-guard/check without its shape; docs/purchase-guard.md gives
    // it. A free input check: the input-check quota, never charged.
    catalog.add({
        .id = u"guard.x402.check"_s,
        .title = u"x402 purchase guard (free local checks)"_s,
        .summary
        = u"Before paying an x402 resource: checks its PAYMENT-REQUIRED challenge (raw base64 or "
          "decoded) against the agent's spending authority — x402 v2 and not expired, https resource "
          "matching the challenge, scheme exact, an allowed network, the official USDC contract and "
          "EIP-712 domain of that network, the exact amount within the per-call and per-day caps — and "
          "answers pay, review or do_not_pay with reasons. Local checks only; never charged."_s,
        .area = name(),
        .outputContract = u"x402-purchase-guard/1"_s,
        .inputSchema = Catalog::loadSchema(u":/schemas/purchaseguard/check.in.json"_s),
        .outputSchema = Catalog::loadSchema(u":/schemas/purchaseguard/check.out.json"_s),
        .exposures = { Exposure::free(u"/free/x402-purchase-guard/check"_s, FreeQuota::InputChecks).post(),
            Exposure::cli(u"guard.x402.check"_s) },
        .handler = makeGuardCheckHandler(context.clock),
        .check = &guardInputProblem,
    });
    // The paid guard: the same input and checks plus the payTo screening and kind; 0.002 USDC
    // (docs/purchase-guard.md), the price of the cheapest checks it stands before.
    catalog.add({
        .id = u"guard.x402.purchase"_s,
        .title = u"x402 purchase guard"_s,
        .summary
        = u"Before paying an x402 resource: every check of the free guard (x402 v2 and not expired, "
          "https resource matching the challenge, scheme exact, an allowed network, the official USDC "
          "contract and EIP-712 domain, the exact amount within the per-call and per-day caps) plus the "
          "payTo address screened against the EU, UN and UK sanctions lists and classified from its live "
          "bytecode (wallet, contract or system address); pay, review or do_not_pay "
          "with reasons and a signed receipt."_s,
        .area = name(),
        .outputContract = u"x402-purchase-guard/1"_s,
        .inputSchema = Catalog::loadSchema(u":/schemas/purchaseguard/check.in.json"_s),
        .outputSchema = Catalog::loadSchema(u":/schemas/purchaseguard/check.out.json"_s),
        .exposures = { Exposure::x402(u"/x402/purchase-guard"_s, Usdc::atomicUnits(2'000)).post(),
            Exposure::cli(u"guard.x402.purchase"_s) },
        .handler = makeGuardPurchaseHandler(catalog, context.clock),
        .check = &guardInputProblem,

    });
}

} // namespace ades::guard
