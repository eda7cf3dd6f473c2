#include "ChainInfo.h"

using namespace Qt::StringLiterals;

namespace ades::chain {

QString ChainInfo::sourceId() const
{
    return u"evm-"_s + name;
}

const QList<ChainInfo> &ChainInfo::all()
{
    // Keyless public endpoints of ../shared/reference/upstreams.md, the official one first where there is
    // one.
    static const QList<ChainInfo> chains {
        { u"base"_s, 8453, u"Base"_s, u"ETH"_s, true,
            { u"https://mainnet.base.org"_s, u"https://base-rpc.publicnode.com"_s, u"https://base.drpc.org"_s,
                u"https://1rpc.io/base"_s } },
        { u"ethereum"_s, 1, u"Ethereum"_s, u"ETH"_s, false,
            { u"https://ethereum-rpc.publicnode.com"_s, u"https://eth.drpc.org"_s, u"https://1rpc.io/eth"_s,
                u"https://cloudflare-eth.com"_s } },
        { u"arbitrum"_s, 42161, u"Arbitrum One"_s, u"ETH"_s, true,
            { u"https://arb1.arbitrum.io/rpc"_s, u"https://arbitrum-one-rpc.publicnode.com"_s,
                u"https://arbitrum.drpc.org"_s } },
        { u"optimism"_s, 10, u"OP Mainnet"_s, u"ETH"_s, true,
            { u"https://mainnet.optimism.io"_s, u"https://optimism-rpc.publicnode.com"_s,
                u"https://optimism.drpc.org"_s } },
        { u"polygon"_s, 137, u"Polygon PoS"_s, u"POL"_s, false,
            { u"https://polygon-bor-rpc.publicnode.com"_s, u"https://polygon.drpc.org"_s,
                u"https://polygon-rpc.com"_s } },
    };
    return chains;
}

const ChainInfo *ChainInfo::find(const QString &name)
{
    for (const ChainInfo &chain : all()) {
        if (chain.name == name)
            return &chain;
    }
    return nullptr;
}

QStringList ChainInfo::names()
{
    QStringList list;
    for (const ChainInfo &chain : all())
        list.append(chain.name);
    return list;
}

} // namespace ades::chain
