#include "RpcAllowList.h"

using namespace Qt::StringLiterals;

namespace ades::chain {

const QStringList &RpcAllowList::methods()
{
    static const QStringList list {
        u"eth_blobBaseFee"_s,
        u"eth_blockNumber"_s,
        u"eth_call"_s,
        u"eth_chainId"_s,
        u"eth_estimateGas"_s,
        u"eth_feeHistory"_s,
        u"eth_gasPrice"_s,
        u"eth_getBalance"_s,
        u"eth_getBlockByHash"_s,
        u"eth_getBlockByNumber"_s,
        u"eth_getBlockReceipts"_s,
        u"eth_getBlockTransactionCountByHash"_s,
        u"eth_getBlockTransactionCountByNumber"_s,
        u"eth_getCode"_s,
        u"eth_getLogs"_s,
        u"eth_getProof"_s,
        u"eth_getStorageAt"_s,
        u"eth_getTransactionByBlockHashAndIndex"_s,
        u"eth_getTransactionByBlockNumberAndIndex"_s,
        u"eth_getTransactionByHash"_s,
        u"eth_getTransactionCount"_s,
        u"eth_getTransactionReceipt"_s,
        u"eth_maxPriorityFeePerGas"_s,
        u"eth_sendRawTransaction"_s,
        u"eth_syncing"_s,
        u"net_version"_s,
        u"web3_clientVersion"_s,
    };
    return list;
}

bool RpcAllowList::allows(const QString &method)
{
    return methods().contains(method);
}

} // namespace ades::chain
