// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

// Contracts the chain-data end-to-end test deploys on ganache: a plain ERC-20 with allowances, and one
// contract per kind of revert the chain area decodes (Error(string), Panic(uint256), a custom error).

contract ProbeToken {
    string public constant symbol = "PRB";
    uint8 public constant decimals = 6;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(uint256 supply) {
        balanceOf[msg.sender] = supply;
        emit Transfer(address(0), msg.sender, supply);
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        move(msg.sender, to, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        require(allowance[from][msg.sender] >= value, "ProbeToken: allowance too low");
        allowance[from][msg.sender] -= value;
        move(from, to, value);
        return true;
    }

    function move(address from, address to, uint256 value) private {
        require(balanceOf[from] >= value, "ProbeToken: balance too low");
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}

contract StringReverter {
    function fail() external pure {
        revert("probe: refused on purpose");
    }
}

contract PanicProbe {
    function divide(uint256 a, uint256 b) external pure returns (uint256) {
        return a / b;
    }

    function check(bool ok) external pure {
        assert(ok);
    }
}

contract CustomErrorProbe {
    error Denied(address who, uint256 code);

    function deny() external view {
        revert Denied(msg.sender, 7);
    }
}
