#include "PayCheck.h"

using namespace Qt::StringLiterals;

namespace ades::eu {

QString PayCheck::statusName(Status status)
{
    switch (status) {
    case Status::Pass:
        return u"pass"_s;
    case Status::Hold:
        return u"hold"_s;
    case Status::DoNotPay:
        return u"do_not_pay"_s;
    case Status::Missing:
        return u"missing"_s;
    case Status::NotRequested:
        return u"not_requested"_s;
    }
    return u"missing"_s;
}

QJsonObject PayCheck::toJson() const
{
    return QJsonObject {
        { u"id"_s, id },
        { u"status"_s, statusName(status) },
        { u"code"_s, code },
        { u"message"_s, message },
        { u"source"_s, source },
    };
}

} // namespace ades::eu
