#include "RegisterEu.h"

#include "area/AreaContext.h"
#include "catalog/Catalog.h"
#include "company/CompanyLookup.h"
#include "counterparty/CounterpartyCheck.h"
#include "einvoice/EinvoiceCheck.h"
#include "iban/IbanCheck.h"
#include "invoicetopay/InvoiceToPayDossier.h"
#include "invoicetopay/InvoiceToPayInput.h"
#include "invoicetopay/InvoiceToPayOffer.h"
#include "invoicetopay/InvoiceToPayPrecheck.h"
#include "sanctions/SanctionsScreen.h"
#include "sanctions/WalletScreen.h"
#include "vat/VatBatch.h"
#include "vat/VatCheck.h"
#include "vat/VatHistory.h"
#include "vat/ViesArchive.h"
#include "vat/ViesSoap.h"
#include "vatrules/VatRulesCheck.h"

using namespace Qt::StringLiterals;

namespace ades::eu {

void registerEu(Catalog &catalog, const AreaContext &context, const SanctionsLists &sanctions,
    ViesGate &viesGate, const ViesArchive &viesArchive)
{
    const ViesServices vies { &viesGate, &viesArchive };
    // docs/interface.md §4.1, §4.3, §4.5: 0.002 USDC on x402, `value` on the key channel, free MCP tools.
    catalog.add({
        .id = u"eu.iban.check"_s,
        .title = u"IBAN check"_s,
        .summary
        = u"Validates an IBAN (ISO 13616 structure, mod-97 and national check digits) and names the bank "
          "from official bank registries. Does not prove that the account exists or who owns it."_s,
        .area = u"eu"_s,
        .outputContract = u"eu-iban-check/1"_s,
        .inputSchema = Catalog::loadSchema(u":/schemas/eu/iban.check.in.json"_s),
        .outputSchema = Catalog::loadSchema(u":/schemas/eu/iban.check.out.json"_s),
        .exposures = { Exposure::x402(u"/x402/iban/{iban}"_s, Usdc::atomicUnits(2'000)),
            Exposure::key(u"/v1/iban"_s).renaming(u"value"_s, u"iban"_s),
            Exposure::mcp(u"validate_iban"_s).limitingLength(u"iban"_s, 15, 42),
            Exposure::cli(u"eu.iban.check"_s) },
        .handler = makeIbanCheckHandler(),
    });
    catalog.add({
        .id = u"eu.vat.check"_s,
        .title = u"EU VAT ID check"_s,
        .summary
        = u"Checks a VAT identification number's format and check digits for all EU member states and "
          "Northern Ireland, and its registration in the live VIES register of the European Commission."_s,
        .area = u"eu"_s,
        .outputContract = u"eu-vat-check/1"_s,
        .inputSchema = Catalog::loadSchema(u":/schemas/eu/vat.check.in.json"_s),
        .outputSchema = Catalog::loadSchema(u":/schemas/eu/vat.check.out.json"_s),
        .exposures = { Exposure::x402(u"/x402/vat/{vat_id}"_s, Usdc::atomicUnits(2'000)),
            Exposure::key(u"/v1/vat"_s).renaming(u"value"_s, u"vat_id"_s),
            Exposure::mcp(u"validate_vat"_s).limitingLength(u"vat_id"_s, 4, 32),
            Exposure::cli(u"eu.vat.check"_s) },
        .handler = makeVatCheckHandler(context.upstream, context.settings, context.clock, vies),
        .sources = { u"vies"_s, ViesSoap::sourceId() },
    });
    // docs/interface.md §4.3: up to 100 VAT IDs per request, for full-plan keys; the key channel only.
    catalog.add({
        .id = u"eu.vat.batch"_s,
        .title = u"EU VAT ID batch check"_s,
        .summary = u"Checks up to 100 VAT IDs in one request, each as the VAT ID check does (format, check "
                   "digits, live VIES registration): one result per VAT ID or its own uncharged error, one "
                   "receipt for the batch, one call counted per distinct VAT ID checked."_s,
        .area = u"eu"_s,
        .outputContract = u"eu-vat-batch/1"_s,
        .inputSchema = Catalog::loadSchema(u":/schemas/eu/vat.batch.in.json"_s),
        .outputSchema = Catalog::loadSchema(u":/schemas/eu/vat.batch.out.json"_s),
        .exposures = { Exposure::key(u"/v1/vat/batch"_s).post().requiringPlan(u"full"_s),
            Exposure::cli(u"eu.vat.batch"_s) },
        .handler = makeVatBatchHandler(context.upstream, context.settings, context.clock, vies),
        .sources = { u"vies"_s, ViesSoap::sourceId() },
    });
    // docs/interface.md §4.3, §4.5: the key channel and the free MCP tool vat_history_eu.
    catalog.add({
        .id = u"eu.vat.history"_s,
        .title = u"EU VAT ID history (archived VIES answers)"_s,
        .summary = u"What the VIES answers this service obtained say about a VAT ID around a date: the "
                   "answer of that day, the nearest observations and a day-by-day view. Validity is never "
                   "inferred across a day nobody observed: such a day is unknown."_s,
        .area = u"eu"_s,
        .outputContract = u"eu-vat-history/1"_s,
        .inputSchema = Catalog::loadSchema(u":/schemas/eu/vat.history.in.json"_s),
        .outputSchema = Catalog::loadSchema(u":/schemas/eu/vat.history.out.json"_s),
        .exposures = { Exposure::key(u"/v1/vat/history"_s).renaming(u"value"_s, u"vat_id"_s),
            Exposure::mcp(u"vat_history_eu"_s).limitingLength(u"vat_id"_s, 4, 32),
            Exposure::cli(u"eu.vat.history"_s) },
        .handler = makeVatHistoryHandler(viesArchive, context.clock),
    });
    catalog.add({
        .id = u"eu.sanctions.screen"_s,
        .title = u"Sanctions screening (EU, UN, UK)"_s,
        .summary
        = u"Screens a name against the EU, UN and UK sanctions lists with fuzzy matching; each hit names "
          "its list, reference, programme, regulation and the list's generation date."_s,
        .area = u"eu"_s,
        .outputContract = u"eu-sanctions-screen/1"_s,
        .inputSchema = Catalog::loadSchema(u":/schemas/eu/sanctions.screen.in.json"_s),
        .outputSchema = Catalog::loadSchema(u":/schemas/eu/sanctions.screen.out.json"_s),
        // docs/interface.md §4.3: /v1/sanctions and /v1/einvoice also accept the gateway secret header.
        .exposures = { Exposure::x402(u"/x402/sanctions"_s, Usdc::atomicUnits(10'000)),
            Exposure::key(u"/v1/sanctions"_s).acceptingGatewaySecret(),
            Exposure::mcp(u"screen_sanctions_eu"_s, Usdc::atomicUnits(10'000)),
            Exposure::cli(u"eu.sanctions.screen"_s) },
        .handler = makeSanctionsScreenHandler(sanctions, context.clock),
    });
    // Not an offer of its own: the x402 purchase guard (ops/purchaseguard) screens a challenge's payTo with
    // it through the catalog, and the operator can run it with `ades call`.
    catalog.add({
        .id = u"eu.sanctions.wallet"_s,
        .title = u"Sanctioned wallet lookup"_s,
        .summary
        = u"Whether an EVM address is one the loaded EU, UN and UK sanctions lists name for a listed "
          "subject (the UK list names wallets in its free text), with list, reference, name and "
          "programme of every hit."_s,
        .area = u"eu"_s,
        .outputContract = u"eu-sanctions-wallet/1"_s,
        .inputSchema = Catalog::loadSchema(u":/schemas/eu/sanctions.wallet.in.json"_s),
        .outputSchema = Catalog::loadSchema(u":/schemas/eu/sanctions.wallet.out.json"_s),
        .exposures = { Exposure::cli(u"eu.sanctions.wallet"_s) },
        .handler = makeWalletScreenHandler(sanctions),
    });
    // docs/interface.md §4.1–§4.5: 0.005 USDC on x402 and MCP; the key channel also serves the operator's
    // gateway; the free channel gives 5 calls a day per address (free/daily_calls).
    catalog.add({
        .id = u"eu.vat.rules"_s,
        .title = u"EU VAT rules"_s,
        .summary
        = u"Decides the VAT treatment of a supply between two countries under Council Directive 2006/112/EC: "
          "place of supply, who is liable (reverse charge), EN 16931 VAT category (BT-151) and exemption "
          "reason (BT-121), the rate in force in the taxing country from a dated table, the invoice wording "
          "in English and German, legal references and reporting hints; missing or contradictory facts "
          "make the verdict review."_s,
        .area = u"eu"_s,
        .outputContract = u"eu-vat-rules/1"_s,
        .inputSchema = Catalog::loadSchema(u":/schemas/eu/vat.rules.in.json"_s),
        .outputSchema = Catalog::loadSchema(u":/schemas/eu/vat.rules.out.json"_s),
        .exposures = { Exposure::x402(u"/x402/vat-rules"_s, Usdc::atomicUnits(5'000)),
            Exposure::key(u"/v1/vat-rules"_s).acceptingGatewaySecret(), Exposure::free(u"/free/vat-rules"_s),
            Exposure::mcp(u"eu_vat_rules"_s, Usdc::atomicUnits(5'000)), Exposure::cli(u"eu.vat.rules"_s) },
        .handler = makeVatRulesHandler(context.clock),
        .check = makeVatRulesCheck(context.clock),
    });
    // docs/interface.md §4.1, §4.3, §4.5: 0.02 USDC on x402 and MCP; the key channel also takes the gateway
    // secret. docs/counterparty.md has the decision table.
    catalog.add({
        .id = u"eu.counterparty.check"_s,
        .title = u"Counterparty check (traffic light)"_s,
        .summary
        = u"Checks a business partner before paying or delivering: VAT ID in the live VIES register, EU, UN "
          "and UK sanctions screening of every name given or registered, IBAN, and the GLEIF LEI record, run "
          "in parallel. Answers clear, review or blocked with reasons, a recommendation and the checks that "
          "could not be run; every check cites its source and time."_s,
        .area = u"eu"_s,
        .outputContract = u"eu-counterparty-check/1"_s,
        .inputSchema = Catalog::loadSchema(u":/schemas/eu/counterparty.check.in.json"_s),
        .outputSchema = Catalog::loadSchema(u":/schemas/eu/counterparty.check.out.json"_s),
        .exposures = { Exposure::x402(u"/x402/counterparty"_s, Usdc::atomicUnits(20'000)),
            Exposure::key(u"/v1/counterparty"_s).acceptingGatewaySecret(),
            Exposure::mcp(u"check_counterparty_eu"_s, Usdc::atomicUnits(20'000)),
            Exposure::cli(u"eu.counterparty.check"_s) },
        .handler
        = makeCounterpartyCheckHandler(context.upstream, context.settings, context.clock, sanctions, vies),
        .sources = { u"vies"_s, ViesSoap::sourceId(), u"gleif"_s },
    });
    // docs/interface.md §4.1, §4.3, §4.5: the document is the raw body (or multipart field `file` on x402)
    // and base64 `document` for MCP and the CLI; 0.10 USDC on x402 and MCP.
    const QHash<QString, QString> documentBody { { u"$body"_s, u"document"_s }, { u"file"_s, u"document"_s },
        { u"$filename"_s, u"filename"_s } };
    catalog.add({
        .id = u"eu.einvoice.validate"_s,
        .title = u"E-invoice validation (EN 16931)"_s,
        .summary
        = u"Validates an e-invoice (UBL 2.1, CII D16B, ZUGFeRD/Factur-X or XRechnung PDF) against the "
          "EN 16931 rules of the official CEN artefacts: findings with rule id and severity, totals "
          "arithmetic, VAT category rules, Factur-X profile."_s,
        .area = u"eu"_s,
        .outputContract = u"eu-einvoice-validate/1"_s,
        .inputSchema = Catalog::loadSchema(u":/schemas/eu/einvoice.validate.in.json"_s),
        .outputSchema = Catalog::loadSchema(u":/schemas/eu/einvoice.validate.out.json"_s),
        .exposures
        = { Exposure::x402(u"/x402/einvoice"_s, Usdc::atomicUnits(100'000)).post().renaming(documentBody),
            Exposure::key(u"/v1/einvoice"_s).post().renaming(documentBody).acceptingGatewaySecret(),
            Exposure::mcp(u"validate_einvoice_eu"_s, Usdc::atomicUnits(100'000))
                .defaulting(u"filename"_s, u"invoice.xml"_s),
            Exposure::cli(u"eu.einvoice.validate"_s) },
        .handler = makeEinvoiceValidateHandler(),
    });
    // docs/interface.md §2.3, §4.1, §4.2, §4.5 and docs/invoice-to-pay.md: the free check on the free
    // channel's input-check quota and as a free MCP tool, the dossier for 1.00 USDC on x402 and MCP (the
    // official x402 client's default cap). One body for both; MCP fills in the documented defaults.
    const auto invoiceToPayMcp = [](Exposure exposure) {
        for (const QString &empty : { u"invoice_xml"_s, u"document_base64"_s, u"expected_supplier_vat"_s,
                 u"expected_supplier_name"_s, u"expected_buyer_vat"_s, u"purchase_order_reference"_s })
            exposure = exposure.defaulting(empty, QString());
        return exposure.defaulting(u"filename"_s, u"invoice.xml"_s)
            .defaulting(u"supply_type"_s, u"service"_s)
            .defaulting(u"b2b"_s, true);
    };
    catalog.add({
        .id = u"eu.invoice_to_pay.check"_s,
        .title = u"Invoice-to-pay free check"_s,
        .summary
        = u"Free local check before the invoice-to-pay dossier: the document is one UBL/CII invoice "
          "or a Factur-X PDF with exactly one embedded XML, the fields the dossier needs are present, "
          "the trusted IBAN and the expected amount are well-formed, and what the dossier will hold "
          "on. No VIES request, no sanctions screening, never charged."_s,
        .area = u"eu"_s,
        .outputContract = InvoiceToPayOffer::Contract,
        .inputSchema = Catalog::loadSchema(u":/schemas/eu/invoice.to.pay.in.json"_s),
        .outputSchema = Catalog::loadSchema(u":/schemas/eu/invoice.to.pay.check.out.json"_s),
        .exposures = { Exposure::free(InvoiceToPayOffer::FreePath, FreeQuota::InputChecks).post(),
            invoiceToPayMcp(Exposure::mcp(InvoiceToPayOffer::FreeTool)),
            Exposure::cli(u"eu.invoice_to_pay.check"_s) },
        .handler = makeInvoiceToPayPrecheckHandler(),
        .check = &InvoiceToPayInput::documentChoiceProblem,
    });
    catalog.add({
        .id = u"eu.invoice_to_pay.dossier"_s,
        .title = u"Invoice-to-pay dossier"_s,
        .summary
        = u"Decides whether an e-invoice is ready for the buyer's payment approval: complete EN 16931 "
          "validation with totals, the VAT treatment from the VAT rules, the supplier's VAT ID in the live "
          "VIES register, EU/UN/UK sanctions screening of supplier and payee, and the invoice's payee IBAN "
          "against the trusted IBAN of the buyer's master data. READY_FOR_BUYER_APPROVAL, HOLD_FOR_REVIEW or "
          "DO_NOT_PAY with every check, its evidence and source; never a full IBAN, never the document "
          "stored."_s,
        .area = u"eu"_s,
        .outputContract = InvoiceToPayOffer::Contract,
        .inputSchema = Catalog::loadSchema(u":/schemas/eu/invoice.to.pay.in.json"_s),
        .outputSchema = Catalog::loadSchema(u":/schemas/eu/invoice.to.pay.dossier.out.json"_s),
        .exposures
        = { Exposure::x402(InvoiceToPayOffer::PaidPath, Usdc::atomicUnits(InvoiceToPayOffer::PriceUnits))
                .post(),
            invoiceToPayMcp(
                Exposure::mcp(InvoiceToPayOffer::PaidTool, Usdc::atomicUnits(InvoiceToPayOffer::PriceUnits))),
            Exposure::cli(u"eu.invoice_to_pay.dossier"_s) },
        .handler
        = makeInvoiceToPayDossierHandler(context.upstream, context.settings, context.clock, sanctions, vies),
        .check = &InvoiceToPayInput::paidInputProblem,
        .sources = { u"vies"_s, ViesSoap::sourceId() },
    });
    const auto companies = std::make_shared<const CompanyLookup>(context.upstream, context.clock);
    // docs/interface.md §4.1, §4.3, §4.5: 0.01 USDC on x402 and MCP; the registration number is `id` on x402
    // and `number` on the key channel; /v1/company also accepts the gateway secret.
    catalog.add({
        .id = u"eu.company.lookup"_s,
        .title = u"Company register lookup (NO, CZ, FI, SK, PL, FR)"_s,
        .summary
        = u"Looks a company up in its country's official register, by registration number (check digits "
          "verified first) or by name: Norway (Brønnøysund), Czechia (ARES), Finland (PRH/YTJ), Slovakia "
          "(RPO), Poland (KRS, by number only) and France (Recherche d'entreprises, INSEE Sirene). One "
          "normalized record per match: name, number, status, legal form, address, registration date, "
          "source URL. Other countries (Austria and Germany included) are not covered."_s,
        .area = u"eu"_s,
        .outputContract = u"eu-company-lookup/1"_s,
        .inputSchema = Catalog::loadSchema(u":/schemas/eu/company.lookup.in.json"_s),
        .outputSchema = Catalog::loadSchema(u":/schemas/eu/company.lookup.out.json"_s),
        .exposures
        = { Exposure::x402(u"/x402/company"_s, Usdc::atomicUnits(10'000)).renaming(u"id"_s, u"number"_s),
            Exposure::key(u"/v1/company"_s).acceptingGatewaySecret(),
            Exposure::mcp(u"lookup_company_eu"_s, Usdc::atomicUnits(10'000)),
            Exposure::cli(u"eu.company.lookup"_s) },
        .handler = makeCompanyLookupHandler(companies),
        .check = makeCompanyLookupCheck(companies),
        .sources = CompanyLookup::sourceIds(),
    });
}

} // namespace ades::eu
