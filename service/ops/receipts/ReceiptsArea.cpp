#include "ReceiptsArea.h"

#include "area/AreaContext.h"
#include "catalog/Catalog.h"
#include "receipts/ReceiptVerifier.h"

using namespace Qt::StringLiterals;

namespace ades {

QString ReceiptsArea::name() const
{
    return u"receipts"_s;
}

void ReceiptsArea::registerOperations(Catalog &catalog, const AreaContext &context)
{
    const ReceiptVerifier &verifier = context.verifier;
    catalog.add({
        .id = u"receipts.verify"_s,
        .title = u"Receipt verification"_s,
        .summary
        = u"Verifies a signed result: recomputes the canonical result hash, checks the EIP-191 signature "
          "over the receipt envelope and reports the signer. Free, no account."_s,
        .area = name(),
        .outputContract = u"receipt-verdict/1"_s,
        .inputSchema = Catalog::loadSchema(u":/schemas/receipts/verify.in.json"_s),
        .outputSchema = Catalog::loadSchema(u":/schemas/receipts/verify.out.json"_s),
        .exposures = { Exposure::mcp(u"verify_compliance_receipt"_s), Exposure::cli(u"receipts.verify"_s) },
        .handler =
            [&verifier](const QJsonObject &args, const CallContext &, Completion done) {
                const QJsonValue document = args.value(u"result"_s);
                const ReceiptVerdict verdict = document.isString()
                    ? verifier.verifyDocument(document.toString().toUtf8())
                    : verifier.verify(document.toObject());
                done(
                    OperationResult { verdict.toJson(), verdict.receipt.value(u"result_hash"_s).toString() });
            },
    });
}

} // namespace ades
