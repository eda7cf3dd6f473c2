#include "Operation.h"

using namespace Qt::StringLiterals;

namespace ades {

QString channelName(Channel channel)
{
    switch (channel) {
    case Channel::X402:
        return u"x402"_s;
    case Channel::Key:
        return u"key"_s;
    case Channel::Free:
        return u"free"_s;
    case Channel::Mcp:
        return u"mcp"_s;
    case Channel::Cli:
        return u"cli"_s;
    }
    return u"unknown"_s;
}

const Exposure *Operation::exposure(Channel channel) const
{
    for (const Exposure &e : exposures) {
        if (e.channel == channel)
            return &e;
    }
    return nullptr;
}

} // namespace ades
