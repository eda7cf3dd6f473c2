#include "RegisterReceipts.h"

#include "catalog/Catalog.h"
#include "ops/OpsContext.h"
#include "receipts/ReceiptVerifier.h"

#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace ades {

void registerReceiptOperations(Catalog &catalog, const OpsContext &context)
{
    const ReceiptVerifier &verifier = context.verifier;
    catalog.add({
        .id = u"receipts.verify"_s,
        .title = u"Receipt verification"_s,
        .summary
        = u"Verifies a signed result: recomputes the canonical result hash, checks the EIP-191 signature "
          "over the receipt envelope and reports the signer. Free, no account."_s,
        .area = u"receipts"_s,
        .outputContract = u"receipt-verdict/1"_s,
        .inputSchema = Catalog::loadSchema(u":/schemas/receipts/verify.in.json"_s),
        .outputSchema = Catalog::loadSchema(u":/schemas/receipts/verify.out.json"_s),
        .exposures = { { Channel::Mcp, u"verify_compliance_receipt"_s, Usdc::free(), {} },
            { Channel::Cli, u"receipts.verify"_s, Usdc::free(), {} } },
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
