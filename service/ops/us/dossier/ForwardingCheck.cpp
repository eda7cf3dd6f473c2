#include "ForwardingCheck.h"

#include "ops/us/readiness/ImportInput.h"

using namespace Qt::StringLiterals;

namespace ades::us {

ForwardingCheck ForwardingCheck::of(const ImportInput &in)
{
    ForwardingCheck f;
    const QString policy = in.merchantForwardingPolicy;
    f.forwarding = QJsonObject {
        { u"merchant_forwarding_policy"_s, policy },
        { u"declared_by"_s, u"buyer"_s },
        { u"verified"_s, false },
        { u"note"_s,
            u"As declared by the buyer; not checked with the merchant. The dossier is not the merchant's or "
            u"a "
            "forwarder's acceptance."_s },
    };
    if (policy == u"prohibited"_s)
        f.reasons.append(DecisionReason { DecisionReason::Weight::Stop, u"forwarding_prohibited"_s,
            u"forwarding"_s, u"The merchant prohibits sending its goods on through a forwarder."_s,
            u"Do not buy for forwarding: buy from a merchant that ships to the United States or allows "
            "forwarding."_s });
    else if (policy != u"allowed"_s)
        f.reasons.append(DecisionReason { DecisionReason::Weight::Review, u"forwarding_policy_unknown"_s,
            u"forwarding"_s, u"The merchant's forwarding policy is unknown."_s,
            u"Read the merchant's terms or ask it whether orders may be sent to a forwarder, then run the "
            "dossier again."_s });
    return f;
}

} // namespace ades::us
