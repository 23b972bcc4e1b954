// RUN: zmlc interpret %s

func.func @tuple_get_tuple_element() {
  %a = stablehlo.constant dense<7> : tensor<i32>
  %b = stablehlo.constant dense<[1.5, -2.5]> : tensor<2xf32>
  %t = stablehlo.tuple %a, %b : tuple<tensor<i32>, tensor<2xf32>>
  %x = stablehlo.get_tuple_element %t[0] : (tuple<tensor<i32>, tensor<2xf32>>) -> tensor<i32>
  %y = stablehlo.get_tuple_element %t[1] : (tuple<tensor<i32>, tensor<2xf32>>) -> tensor<2xf32>
  check.expect_eq_const %x, dense<7> : tensor<i32>
  check.expect_eq_const %y, dense<[1.5, -2.5]> : tensor<2xf32>
  func.return
}

// -----

func.func @tuple_nested() {
  %a = stablehlo.constant dense<true> : tensor<i1>
  %b = stablehlo.constant dense<[3, 4]> : tensor<2xui8>
  %inner = stablehlo.tuple %b : tuple<tensor<2xui8>>
  %t = stablehlo.tuple %a, %inner : tuple<tensor<i1>, tuple<tensor<2xui8>>>
  %i = stablehlo.get_tuple_element %t[1] : (tuple<tensor<i1>, tuple<tensor<2xui8>>>) -> tuple<tensor<2xui8>>
  %v = stablehlo.get_tuple_element %i[0] : (tuple<tensor<2xui8>>) -> tensor<2xui8>
  check.expect_eq_const %v, dense<[3, 4]> : tensor<2xui8>
  func.return
}

// -----

// A tuple carried through a while loop.
func.func @tuple_through_while() {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %three = stablehlo.constant dense<3> : tensor<i32>
  %t0 = stablehlo.tuple %zero, %one : tuple<tensor<i32>, tensor<i32>>
  %r = stablehlo.while(%t = %t0) : tuple<tensor<i32>, tensor<i32>>
  cond {
    %k = stablehlo.get_tuple_element %t[0] : (tuple<tensor<i32>, tensor<i32>>) -> tensor<i32>
    %c = stablehlo.compare LT, %k, %three, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %k = stablehlo.get_tuple_element %t[0] : (tuple<tensor<i32>, tensor<i32>>) -> tensor<i32>
    %p = stablehlo.get_tuple_element %t[1] : (tuple<tensor<i32>, tensor<i32>>) -> tensor<i32>
    %k1 = stablehlo.add %k, %one : tensor<i32>
    %p2 = stablehlo.add %p, %p : tensor<i32>
    %n = stablehlo.tuple %k1, %p2 : tuple<tensor<i32>, tensor<i32>>
    stablehlo.return %n : tuple<tensor<i32>, tensor<i32>>
  }
  %p = stablehlo.get_tuple_element %r[1] : (tuple<tensor<i32>, tensor<i32>>) -> tensor<i32>
  check.expect_eq_const %p, dense<8> : tensor<i32>
  func.return
}
